import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BuildSettings } from '../../store/builder.js';
import { duckdbTempDir } from '../../store/spill.js';
import { Progress } from '../../store/progress.js';
import { ingestEconomicsBatches } from '../economics.js';
import type { Source } from '../sources/schema.js';
import type { EconomicsBatch, EconomicsObservation } from '../types.js';
import type { RequestPolicy } from './agency-request.js';
import { dropFetchedHistory, keepFetchedHistory, readFetchedHistory, writePendingHistory } from './fetched-history.js';
import { fetchSource, type Validators } from './fetch-source.js';
import { mergeIncrement } from './merge-increment.js';
import { readSource } from './read-source.js';
import { redactUrl } from './redact.js';
import { lockDataDir } from './run-lock.js';
import { servedBatch } from './served-series.js';
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
  /** What it publishes: its whole history as served. */
  batch: EconomicsBatch;
  validators: Validators;
  /** An SDMX source's whole fetched history, written aside for its next incremental fetch (kept once published). */
  pendingHistory: string | undefined;
  /** When its fetch started (this machine's clock). */
  fetchedAt: Date;
  /** Observations its answers carried. */
  fetched: number;
  started: number;
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

const outcome = (id: string, result: SourceResult, more: Partial<SourceOutcome> = {}): SourceOutcome => ({
  id,
  result,
  reason: null,
  series_new: 0,
  series_revised: 0,
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

/** The series a source fed at its last run. */
const seriesFed = (state: SourceState | undefined) =>
  state ? (state.series_new ?? 0) + (state.series_revised ?? 0) + state.series_unchanged : 0;

/** What a run knows of a source before fetching it. */
interface Before {
  dir: string;
  opts: UpdateOptions;
  state: SourceState | undefined;
  /** An SDMX source's kept history, when it has one. */
  history: EconomicsObservation[] | undefined;
}

/**
 * Fetches and reads one source: its batch, or its outcome when there is nothing to
 * publish (unchanged, skipped) or it failed. A source is all or nothing: an answer
 * with a row that cannot be read fails it whole. An SDMX source with a kept history
 * asks only what changed since its last successful fetch and merges the answer into
 * that history; every source publishes its whole history, scaled and derived.
 */
async function fetchAndRead(source: Source, before: Before): Promise<Read | SourceOutcome> {
  const started = performance.now();
  const fetchedAt = new Date();
  const { history, state } = before;
  const since = source.provider === 'sdmx' && history !== undefined ? state?.fetched_at : undefined;
  const incremental = since !== undefined;
  try {
    const fetched = await fetchSource(source, {
      dir: before.dir,
      policy: before.opts.policy,
      // An SDMX source without a kept history asks for all of it, unconditionally.
      validators: source.provider !== 'sdmx' || history ? state?.validators : undefined,
      fredApiKey: before.opts.fredApiKey,
      ...(incremental ? { updatedAfter: new Date(since) } : {}),
    });
    if (fetched.kind === 'skipped') return outcome(source.id, 'skipped', { reason: fetched.reason });
    // Nothing new: the series it fed last time are unchanged.
    const unchanged = () =>
      outcome(source.id, 'unchanged', { series_unchanged: seriesFed(state), seconds: seconds(started) });
    if (fetched.kind === 'unchanged') return unchanged();
    const answer = readSource(source, fetched.files);
    const [bad] = answer.badRows;
    if (bad) {
      // Named by the URL that answered it (bad rows name the file it was saved to).
      const url = fetched.urls[fetched.files.findIndex((f) => path.basename(f) === bad.file)] ?? bad.file;
      const more = answer.badRows.length > 1 ? ` (and ${answer.badRows.length - 1} more)` : '';
      throw new Error(`${redactUrl(url)}: line ${bad.line}: ${bad.reason}${more}`);
    }
    // An empty data set to an incremental query is "nothing changed", as a 404 is.
    if (incremental && answer.observations.length === 0 && answer.withdrawn.length === 0) return unchanged();
    const whole = incremental && history ? mergeIncrement(history, answer) : answer.observations;
    const pendingHistory =
      source.provider === 'sdmx' && !before.opts.dryRun
        ? await writePendingHistory(before.opts.dataDir, source.id, whole)
        : undefined;
    return {
      source,
      batch: servedBatch(source, { ...answer, observations: whole }),
      // An updatedAfter answer's validators are not the whole history's: those stay.
      validators: incremental ? (state?.validators ?? {}) : fetched.validators,
      pendingHistory,
      fetchedAt,
      fetched: answer.observations.length,
      started,
    };
  } catch (err) {
    return outcome(source.id, 'failed', { reason: reasonOf(err), seconds: seconds(started) });
  }
}

/** The outcomes of the sources read, from the publish's report. */
function readOutcomes(reads: Read[], report: Awaited<ReturnType<typeof ingestEconomicsBatches>> | undefined) {
  return reads.map((r, i) => {
    const mine = report?.sources[i];
    const changed = mine?.changedSeries.length ?? 0;
    const created = mine?.newSeries.length ?? 0;
    return outcome(r.source.id, changed > 0 ? 'updated' : 'unchanged', {
      series_new: created,
      series_revised: changed - created,
      series_unchanged: (mine?.series ?? 0) - changed,
      observations: r.fetched,
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
    const progress = new Progress('update', [
      ...opts.sources.map((s) => [`fetch ${s.id}`, 1] as const),
      ['publish', Math.max(1, opts.sources.length / 4)] as const,
    ]);
    const results = [];
    for (const source of opts.sources) {
      progress.phase(`fetch ${source.id}`);
      const history = source.provider === 'sdmx' ? await readFetchedHistory(opts.dataDir, source.id) : undefined;
      results.push(await fetchAndRead(source, { dir, opts, state: state[source.id], history }));
    }
    progress.phase('publish');
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
    progress.done(reads.reduce((n, r) => n + r.fetched, 0));
    return { sources: outcomes, snapshot: report?.snapshot ?? null, dry_run: opts.dryRun ?? false };
  } finally {
    await rm(dir, { recursive: true, force: true });
    await release();
  }
}

/**
 * Records each source's attempt; the validators of an answer, the start of its fetch
 * and its fetched history only once it was published (or found unchanged).
 */
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
    if (read?.pendingHistory) {
      if (ok) await keepFetchedHistory(opts.dataDir, id, read.pendingHistory);
      else await dropFetchedHistory(read.pendingHistory);
    }
    const fetchedAt = ok && read ? read.fetchedAt.toISOString() : before?.fetched_at;
    run.state[id] = {
      ...counts,
      last_attempt: now,
      last_success: ok ? now : (before?.last_success ?? null),
      validators: ok && read ? read.validators : (before?.validators ?? {}),
      ...(fetchedAt ? { fetched_at: fetchedAt } : {}),
      failures: (before?.failures ?? 0) + (o.result === 'failed' ? 1 : 0),
    };
  }
  await writeUpdateState(opts.dataDir, run.state);
}

/** A source's counts of one run, as the output and the status print them. */
export const seriesCounts = (
  o: Pick<SourceOutcome, 'series_new' | 'series_revised' | 'series_unchanged' | 'observations'>,
) =>
  `series ${o.series_new ?? 0} new, ${o.series_revised ?? 0} revised, ${o.series_unchanged} unchanged, ` +
  `${o.observations} observations`;

/** The output line of a source. */
export function outcomeLine(o: SourceOutcome): string {
  const what =
    o.result === 'skipped' || o.result === 'failed' ? `${o.result}: ${o.reason}` : `${o.result}, ${seriesCounts(o)}`;
  return `${o.id}: ${what}, ${o.seconds} s`;
}
