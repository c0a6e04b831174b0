import { loadSettings } from '../settings.js';
import { sourcesDir } from '../ingest/sources/dir.js';
import { SourceCatalogueError, economicsCatalogueIds, loadSourceCatalogue } from '../ingest/sources/load.js';
import { buildPlan, formatPlan } from '../ingest/sources/plan.js';
import type { Source } from '../ingest/sources/schema.js';
import { parseEvery } from '../ingest/update/every.js';
import { HostSlots } from '../ingest/update/host-slots.js';
import { UpdateRunningError, lockDeployment } from '../ingest/update/run-lock.js';
import { createPool } from '../access/stores/postgres.js';
import { outcomeLine, runUpdate, seriesCounts } from '../ingest/update/run-update.js';
import { readUpdateState } from '../ingest/update/source-state.js';
import { UsageError, parseCommandLine } from './args.js';
import { messageOf, runTool } from './run.js';

/*
 * `npm run update`: the official sources of the catalogue (CONTRACT §7). `plan`
 * shows, without any request, which source feeds each indicator × country.
 */

const USAGE = `Usage: npm run update [-- --source ID[,ID…]] [--dry-run] [--json] [--every DURATION]
       npm run update -- status [--json]
       npm run update -- plan [--json]

Commands:
  (none)   fetch every source of the catalogue (or those --source names) from its agency,
           and publish what changed as one snapshot (none when nothing changed); one line
           per source (updated / unchanged / skipped: reason / failed: reason), then a summary
  status   each source's last attempt, last success, result and counts
  plan     for every indicator × country of the economics catalogue, the source of the
           source catalogue that feeds it (with its fallbacks) or "no source", then a
           summary: pairs covered, total, sources verified by a recorded message and
           sources unverified. No request is made.

Options:
  --source ID[,ID…]   only these sources
  --dry-run           fetch and read, report, publish nothing
  --every DURATION    keep running, one update every DURATION (30m, 6h, 1d); SIGTERM stops it between runs
  --json              print the report (plan: {rows, summary}) as one JSON document
  --help              this text

The catalogue is the folder SOURCES_DIR (default: the project's sources/). A catalogue
with problems is refused with one line per problem, naming the file and the field.
FRED sources need FRED_API_KEY (skipped without it); UPDATE_TIMEOUT_S bounds each request.
Exit codes: 0 done, 1 a source failed, another update is running or the catalogue has
problems, 2 invalid command line.`;

function plan(args: string[]): number {
  const { values, positionals } = parseCommandLine(args, {
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const catalogue = catalogueOrProblems('plan');
  if (!catalogue) return 1;
  const result = buildPlan(catalogue.sources, economicsCatalogueIds());
  console.log(values.json ? JSON.stringify({ sources_dir: catalogue.dir, ...result }) : formatPlan(result));
  return 0;
}

/** The catalogue, or undefined once its problems are printed. */
function catalogueOrProblems(command: string) {
  const dir = sourcesDir(loadSettings());
  try {
    return loadSourceCatalogue(dir);
  } catch (err) {
    if (!(err instanceof SourceCatalogueError)) throw err;
    for (const line of err.problems) console.error(`update ${command}: ${line}`);
    console.error(`update ${command}: the source catalogue ${err.dir} has ${err.problems.length} problem(s)`);
    return undefined;
  }
}

/** `npm run update -- status`: what the state keeps of each source. */
async function status(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(args, { json: { type: 'boolean' } });
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const state = await readUpdateState(loadSettings().dataDir);
  if (values.json) {
    console.log(JSON.stringify({ sources: state }));
    return 0;
  }
  const ids = Object.keys(state).sort();
  if (ids.length === 0) console.log('no update has run in this DATA_DIR');
  for (const id of ids) {
    const s = state[id]!;
    const counts = seriesCounts(s);
    console.log(
      `${id}: ${s.result}${s.reason ? `: ${s.reason}` : ''}; last attempt ${s.last_attempt}, ` +
        `last success ${s.last_success ?? 'never'}; ${counts}`,
    );
  }
  return 0;
}

const RUN_OPTIONS = {
  source: { type: 'string' },
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
  every: { type: 'string' },
} as const;

/**
 * With `DATABASE_URL`, runs `fn` under the deployment's update lock (one update at a
 * time across hosts sharing that PostgreSQL); without it, as is.
 */
async function deploymentLocked<T>(databaseUrl: string | undefined, fn: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return fn();
  const pool = createPool(databaseUrl);
  try {
    const release = await lockDeployment(pool);
    try {
      return await fn();
    } finally {
      await release();
    }
  } finally {
    await pool.end();
  }
}

/** One run: the report printed; exit 1 when a source failed. */
async function updateOnce(sources: readonly Source[], values: { dryRun: boolean; json: boolean }): Promise<number> {
  const settings = loadSettings();
  const report = await deploymentLocked(settings.databaseUrl, () =>
    runUpdate({
      dataDir: settings.dataDir,
      sources,
      fredApiKey: settings.fredApiKey,
      policy: {
        timeoutMs: settings.updateTimeoutS * 1000,
        retries: 3,
        backoffMs: 1_000,
        maxRetryAfterMs: 120_000,
        maxBytes: settings.ingestMaxBytes,
        slots: new HostSlots(4),
      },
      ...(settings.updateNow ? { now: settings.updateNow } : {}),
      dryRun: values.dryRun,
      settings,
    }),
  );
  const failed = report.sources.filter((o) => o.result === 'failed').length;
  if (values.json) console.log(JSON.stringify(report));
  else {
    for (const o of report.sources) (o.result === 'failed' ? console.error : console.log)(outcomeLine(o));
    const count = (r: string) => report.sources.filter((o) => o.result === r).length;
    const published = report.dry_run
      ? 'dry run: nothing published'
      : report.snapshot
        ? `published snapshot ${report.snapshot}`
        : 'nothing changed: no snapshot published';
    console.log(
      `${published}; ${count('updated')} updated, ${count('unchanged')} unchanged, ` +
        `${count('skipped')} skipped, ${failed} failed`,
    );
  }
  return failed > 0 ? 1 : 0;
}

/** `npm run update [--source …] [--dry-run] [--json] [--every …]`. */
async function update(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(args, RUN_OPTIONS);
  if (positionals.length) throw new UsageError(`unknown command "${positionals[0]}"`);
  const every = values.every === undefined ? undefined : parseEvery(values.every);
  if (values.every !== undefined && every === undefined)
    throw new UsageError(`--every takes a duration such as 30m, 6h or 1d, got "${values.every}"`);
  const catalogue = catalogueOrProblems('run');
  if (!catalogue) return 1;
  const all = catalogue.sources.map((p) => p.source);
  const wanted = values.source
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const unknown = wanted?.filter((id) => !all.some((s) => s.id === id)) ?? [];
  if (unknown.length) throw new UsageError(`no source ${unknown.join(', ')} in the catalogue`);
  const sources = wanted ? all.filter((s) => wanted.includes(s.id)) : all;
  const once = () => updateOnce(sources, { dryRun: values['dry-run'] ?? false, json: values.json ?? false });
  if (every === undefined) return once();
  return updateEvery(every, once);
}

/** Runs `once` now and then every `ms`, until SIGTERM or SIGINT (waited for between runs); the last exit code. */
async function updateEvery(ms: number, once: () => Promise<number>): Promise<number> {
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      stopping = true;
      stop();
    });
  let code = 0;
  while (!stopping) {
    code = await once().catch((err: unknown) => {
      console.error(`update: ${messageOf(err)}`);
      return 1;
    });
    if (stopping) break;
    console.log(`next update in ${ms / 1000} s`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([stopped, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }
  console.log('update: stopped');
  return code;
}

/** The exit code of one command line. */
async function run(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  try {
    if (command === 'plan') return plan(args);
    if (command === 'status') return await status(args);
    return await update(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`update: ${err.message} (see npm run update -- --help)`);
      return 2;
    }
    if (err instanceof UpdateRunningError) {
      console.error(`update: ${err.message}`);
      return 1;
    }
    console.error(`update: ${messageOf(err)}`);
    return 1;
  }
}

runTool('update', run);
