import { mkdir, rm } from 'node:fs/promises';
import type { BuildSettings } from '../../store/builder.js';
import { duckdbTempDir } from '../../store/spill.js';
import { ingestEconomicsBatches } from '../economics.js';
import type { Source } from '../sources/schema.js';
import type { EconomicsBatch } from '../types.js';
import type { RequestPolicy } from './agency-request.js';
import { fetchSource, type Validators } from './fetch-source.js';
import { readSource } from './read-source.js';
import { redactUrl } from './redact.js';
import { lockDataDir } from './run-lock.js';
import {
  readUpdateState,
  writeUpdateState,
  type SourceResult,
  type SourceRun,
  type SourceState,
} from './source-state.js';

/** What one run did with one source: one output line (`--json`: one element). */
export interface SourceOutcome extends SourceRun {
  id: string;
}

export interface UpdateReport {
  sources: SourceOutcome[];
  /** The snapshot published; null when nothing changed, on a dry run, or when nothing could be published. */
  snapshot: string | null;
  dry_run: boolean;
}

export interface UpdateOptions {
  dataDir: string;
  sources: readonly Source[];
  policy: RequestPolicy;
  fredApiKey: string | undefined;
  /** The update's clock: `last_update` of changed series and the day revisions are dated (tests set it). */
  now?: Date;
  dryRun?: boolean;
  settings?: BuildSettings;
}

/** A source read, waiting for the publish. */
interface Read {
  source: Source;
  batch: EconomicsBatch;
  validators: Validators;
  started: number;
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

const outcome = (id: string, result: SourceResult, more: Partial<SourceOutcome> = {}): SourceOutcome => ({
  id,
  result,
  reason: null,
  series_changed: 0,
  series_unchanged: 0,
  observations: 0,
  seconds: 0,
  ...more,
});

/** One line of a failure: the first line of its message, keys redacted from any URL in it. */
function reasonOf(err: unknown): string {
  const text = String((err as Error).message ?? err).split('\n')[0] ?? '';
  return text.replace(/https?:\/\/\S+/g, (url) => redactUrl(url));
}

/**
 * Fetches and reads one source: its batch, or its outcome when there is nothing to
 * publish (unchanged, skipped) or it failed. A source is all or nothing: an answer
 * with a row that cannot be read fails it whole.
 */
async function fetchAndRead(
  source: Source,
  ctx: { dir: string; opts: UpdateOptions; validators: Validators | undefined },
): Promise<Read | SourceOutcome> {
  const started = performance.now();
  if (source.derive) return outcome(source.id, 'skipped', { reason: `derive (${source.derive}) is not applied yet` });
  try {
    const fetched = await fetchSource(source, {
      dir: ctx.dir,
      policy: ctx.opts.policy,
      validators: ctx.validators,
      fredApiKey: ctx.opts.fredApiKey,
    });
    if (fetched.kind === 'skipped') return outcome(source.id, 'skipped', { reason: fetched.reason });
    if (fetched.kind === 'unchanged') return outcome(source.id, 'unchanged', { seconds: seconds(started) });
    const batch = readSource(source, fetched.files);
    const [bad] = batch.badRows;
    if (bad) {
      const more = batch.badRows.length > 1 ? ` (and ${batch.badRows.length - 1} more)` : '';
      throw new Error(`${bad.file}:${bad.line}: ${bad.reason}${more}`);
    }
    return { source, batch, validators: fetched.validators, started };
  } catch (err) {
    return outcome(source.id, 'failed', { reason: reasonOf(err), seconds: seconds(started) });
  }
}

/** The outcomes of the sources read, from the publish's report. */
function readOutcomes(reads: Read[], report: Awaited<ReturnType<typeof ingestEconomicsBatches>> | undefined) {
  return reads.map((r, i) => {
    const mine = report?.sources[i];
    const changed = mine?.changedSeries.length ?? 0;
    return outcome(r.source.id, changed > 0 ? 'updated' : 'unchanged', {
      series_changed: changed,
      series_unchanged: (mine?.series ?? 0) - changed,
      observations: r.batch.observations.length,
      seconds: seconds(r.started),
    });
  });
}

/**
 * One update run (CONTRACT §7): under the DATA_DIR lock, every source fetched (a
 * conditional request where its last published answer had validators) and read;
 * what changed across them published as one snapshot, none when nothing changed (or
 * on a dry run). A source that fails leaves its previous data served and the others'
 * changes are published. The state of each source is kept for the next run.
 */
export async function runUpdate(opts: UpdateOptions): Promise<UpdateReport> {
  await mkdir(opts.dataDir, { recursive: true });
  const release = await lockDataDir(opts.dataDir);
  // Under this process's DATA_DIR/tmp directory: removed at exit, and at the next start if it was killed.
  const dir = await duckdbTempDir(opts.dataDir, 'update');
  await mkdir(dir, { recursive: true });
  try {
    const state = await readUpdateState(opts.dataDir);
    const results = [];
    for (const source of opts.sources) {
      results.push(await fetchAndRead(source, { dir, opts, validators: state[source.id]?.validators }));
    }
    const reads = results.filter((r): r is Read => 'batch' in r);
    let report;
    let publishFailure: string | undefined;
    if (!opts.dryRun && reads.length) {
      try {
        report = await ingestEconomicsBatches(
          opts.dataDir,
          reads.map((r) => r.batch),
          { maxBadRows: 0, publishUnchanged: false, ...(opts.now ? { now: opts.now } : {}), settings: opts.settings },
        );
      } catch (err) {
        publishFailure = reasonOf(err);
      }
    }
    const read = readOutcomes(reads, report);
    const outcomes = results.map((r) =>
      'batch' in r
        ? publishFailure
          ? outcome(r.source.id, 'failed', { reason: `not published: ${publishFailure}` })
          : read.find((o) => o.id === r.source.id)!
        : r,
    );
    if (!opts.dryRun) await keepState(opts, { state, outcomes, reads });
    return { sources: outcomes, snapshot: report?.snapshot ?? null, dry_run: opts.dryRun ?? false };
  } finally {
    await rm(dir, { recursive: true, force: true });
    await release();
  }
}

/** Records each source's attempt; the validators of an answer only once it was published. */
async function keepState(
  opts: UpdateOptions,
  run: { state: Record<string, SourceState>; outcomes: SourceOutcome[]; reads: Read[] },
): Promise<void> {
  const now = (opts.now ?? new Date()).toISOString();
  for (const o of run.outcomes) {
    const before = run.state[o.id];
    const ok = o.result === 'updated' || o.result === 'unchanged';
    const read = run.reads.find((r) => r.source.id === o.id);
    const { id, ...counts } = o;
    run.state[id] = {
      ...counts,
      last_attempt: now,
      last_success: ok ? now : (before?.last_success ?? null),
      validators: ok && read ? read.validators : (before?.validators ?? {}),
    };
  }
  await writeUpdateState(opts.dataDir, run.state);
}

/** A source's counts of one run, as the output and the status print them. */
export const seriesCounts = (o: Pick<SourceOutcome, 'series_changed' | 'series_unchanged' | 'observations'>) =>
  `series ${o.series_changed} changed, ${o.series_unchanged} unchanged, ${o.observations} observations`;

/** The output line of a source. */
export function outcomeLine(o: SourceOutcome): string {
  const what =
    o.result === 'skipped' || o.result === 'failed' ? `${o.result}: ${o.reason}` : `${o.result}, ${seriesCounts(o)}`;
  return `${o.id}: ${what}, ${o.seconds} s`;
}
