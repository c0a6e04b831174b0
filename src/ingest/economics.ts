import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { deriveSeriesStats, writeEconomicsCatalogue } from '../economics/tables.js';
import { PREVIOUS_ALIAS, buildSnapshot, type BuildSettings, type SnapshotBuild } from '../store/builder.js';
import { Progress } from '../store/progress.js';
import { ECONOMICS_FILE } from '../store/snapshot-layout.js';
import { IngestError, refuseTooManyBadRows } from './errors.js';
import { hasColumn } from './inspect.js';
import { isIngested, markIngested } from './origin.js';
import type { BadRow, EconomicsBatch, EconomicsObservation, EconomicsRevision, Provenance } from './types.js';
import { readNumber, readRows, textOf } from '../store/rows.js';
import { warn } from '../store/warnings.js';

export interface EconomicsIngestReport {
  snapshot: string;
  observations: number;
  changedSeries: string[];
  unchangedSeries: number;
  badRows: BadRow[];
  unmapped: Array<[string, number]>;
}

export interface EconomicsBatchesOptions {
  /** Bad rows each batch may have (`--max-bad-rows`); a batch with more refuses the whole build. */
  maxBadRows: number;
  /** The `last_update` of changed series, and the day new values became known (default: now). */
  now?: Date;
  settings?: BuildSettings;
  /**
   * Publish a snapshot even when no series changed (default true, as an ingest does).
   * With false, a build where nothing changed is discarded, and batches without any
   * observation publish nothing instead of failing (an update whose sources all
   * answered "nothing new").
   */
  publishUnchanged?: boolean;
}

/** What one batch brought to a build. */
export interface EconomicsBatchReport {
  /** The batch's `source_id`, else its `source_name`. */
  source: string;
  series: number;
  observations: number;
  /** Its series whose observations changed (new ones included). */
  changedSeries: string[];
  /** Its series the serving snapshot did not hold. */
  newSeries: string[];
}

export interface EconomicsBatchesReport extends Omit<EconomicsIngestReport, 'snapshot'> {
  /** The snapshot published; undefined when none was (`unchanged`). */
  snapshot: string | undefined;
  /** Nothing changed and nothing was published: the serving snapshot stays. */
  unchanged: boolean;
  /**
   * Observations in the snapshot published; when unchanged, in the serving one (0 when
   * no batch had an observation, as no build was started).
   */
  observations: number;
  /** One per batch, in their order. */
  sources: EconomicsBatchReport[];
}

/**
 * Every snapshot holds an economics file: when neither this build nor the serving
 * snapshot provides one (an empty DATA_DIR), one holding the catalogue only is
 * written (real data alone: no generated series).
 */
export async function ensureEconomics(build: SnapshotBuild): Promise<void> {
  if (build.has(ECONOMICS_FILE)) return;
  await build.writeFile(ECONOMICS_FILE, async (conn) => {
    await writeEconomicsCatalogue(conn);
    await markIngested(conn);
    await deriveSeriesStats(conn);
  });
}

/** Phases of an economics ingest and their shares of its time. */
const ECONOMICS_INGEST_PHASES = [
  ['copy kept series', 20],
  ['stage observations', 20],
  ['compare and merge', 25],
  ['sort and derive', 30],
  ['publish', 5],
] as const;

const seriesOf = (o: EconomicsObservation) => `${o.country_id}.${o.kpi_id}`;

/** How errors and reports name a batch's source. */
const sourceOf = (b: EconomicsBatch) => b.source_id ?? b.provenance.source_name;

/** The batches' observations, one per (series, date), and the provenance of each series. */
interface CheckedBatches {
  observations: Map<string, EconomicsObservation>;
  provenance: Map<string, Provenance>;
  /** The batch (index) that carries each series. */
  carrier: Map<string, number>;
  /** Series of batches that carry them whole (`whole_series`). */
  whole: Set<string>;
  revisions: EconomicsRevision[];
  badRows: BadRow[];
}

/**
 * The batches' observations, one per (series, date); refuses, before anything is
 * written, batches that cannot be loaded whole: a batch with too many bad rows or
 * two values for one (series, date), or a series carried by two batches.
 */
function checkedBatches(batches: EconomicsBatch[], maxBadRows: number): CheckedBatches {
  const named = batches.length > 1;
  const checked: CheckedBatches = {
    observations: new Map(),
    provenance: new Map(),
    carrier: new Map(),
    whole: new Set(),
    revisions: [],
    badRows: batches.flatMap((b) => b.badRows),
  };
  for (const [i, batch] of batches.entries()) {
    try {
      refuseTooManyBadRows(batch.badRows, maxBadRows);
    } catch (err) {
      if (!named || !(err instanceof IngestError)) throw err;
      throw new IngestError(`${sourceOf(batch)}: ${err.message}`, err.badRows, err.badRowCount);
    }
    for (const o of batch.observations) {
      const series = seriesOf(o);
      const other = checked.carrier.get(series);
      if (other !== undefined && other !== i) {
        const both = `${sourceOf(batches[other]!)} and ${sourceOf(batch)}`;
        throw new IngestError(`${series} is carried by two sources, ${both}: nothing was loaded`, checked.badRows);
      }
      checked.carrier.set(series, i);
      checked.provenance.set(series, batch.provenance);
      if (batch.whole_series) checked.whole.add(series);
      const k = `${series}|${o.date}`;
      const seen = checked.observations.get(k);
      if (seen && seen.value !== o.value) {
        throw new IngestError(`two different values for ${k}: nothing was loaded`, batch.badRows);
      }
      checked.observations.set(k, o);
    }
    for (const r of batch.revisions ?? []) checked.revisions.push(r);
  }
  return checked;
}

/** The report of a build of `batches`: `stored` observations in the snapshot, `changed` series. */
function batchesReport(
  batches: EconomicsBatch[],
  checked: CheckedBatches,
  built: { snapshot: string | undefined; stored: number; changed: string[]; created: string[] },
): EconomicsBatchesReport {
  const { changed, created } = built;
  const unmapped = new Map<string, number>();
  for (const b of batches) for (const [code, n] of b.unmapped) unmapped.set(code, (unmapped.get(code) ?? 0) + n);
  return {
    snapshot: built.snapshot,
    unchanged: built.snapshot === undefined,
    observations: built.stored,
    changedSeries: changed,
    unchangedSeries: checked.carrier.size - changed.length,
    badRows: checked.badRows,
    unmapped: [...unmapped].sort((a, b) => b[1] - a[1]),
    sources: batches.map((b, i) => {
      const series = [...checked.carrier].filter(([, at]) => at === i).map(([id]) => id);
      const own = new Set(series);
      return {
        source: sourceOf(b),
        series: series.length,
        observations: b.observations.length,
        changedSeries: changed.filter((id) => own.has(id)),
        newSeries: created.filter((id) => own.has(id)),
      };
    }),
  };
}

/** Thrown by the write of a build where nothing changed, to discard it. */
class NothingChanged extends Error {
  constructor(readonly observations: number) {
    super('no series changed');
  }
}

/**
 * Builds a new snapshot with `batch` loaded into the economics tables, validates it
 * and publishes it; on any failure the serving snapshot stays as it was.
 *
 * Real data replaces the generated sample (never mixes with it); a later ingest of
 * a source replaces that source's observations of each series it carries over the
 * periods it covers. `last_update` moves to `now` only for series whose
 * observations changed.
 */
export async function ingestEconomics(
  dataDir: string,
  batch: EconomicsBatch,
  opts: { maxBadRows: number; now?: Date; settings?: BuildSettings },
): Promise<EconomicsIngestReport> {
  const { snapshot, observations, changedSeries, unchangedSeries, badRows, unmapped } = await ingestEconomicsBatches(
    dataDir,
    [batch],
    { ...opts, publishUnchanged: true },
  );
  // With publishUnchanged, a build that does not fail is published: it has a name.
  return { snapshot: snapshot!, observations, changedSeries, unchangedSeries, badRows, unmapped };
}

/**
 * Builds one snapshot from several batches (one per source, each with its own
 * provenance), as `ingestEconomics` does for one: each series records the provenance
 * of the batch that carried it, and a series carried by two batches refuses the
 * build, naming both sources. With `publishUnchanged: false`, a build where no series
 * changed (no new observation, no revised value, no withdrawn one) is discarded: the
 * serving snapshot and CURRENT stay, and the report says `unchanged`.
 */
export async function ingestEconomicsBatches(
  dataDir: string,
  batches: EconomicsBatch[],
  opts: EconomicsBatchesOptions,
): Promise<EconomicsBatchesReport> {
  const publishUnchanged = opts.publishUnchanged ?? true;
  const checked = checkedBatches(batches, opts.maxBadRows);
  const { observations } = checked;
  const report = (snapshot: string | undefined, stored: number, series: { changed: string[]; created: string[] }) =>
    batchesReport(batches, checked, { snapshot, stored, ...series });
  const none = { changed: [], created: [] };
  if (observations.size === 0) {
    if (!publishUnchanged) return report(undefined, 0, none);
    throw new IngestError('no observation could be loaded: nothing was changed', checked.badRows);
  }
  const now = (opts.now ?? new Date()).toISOString().slice(0, 19);
  const progress = new Progress('economics ingest', ECONOMICS_INGEST_PHASES);
  const input = {
    observations,
    whole: checked.whole,
    revisions: checked.revisions,
    provenance: checked.provenance,
    publishUnchanged,
    now,
    progress,
  };
  try {
    const { name, written } = await buildSnapshot(dataDir, {
      replaces: [ECONOMICS_FILE],
      progress,
      settings: opts.settings,
      write: async (build) => {
        const merged = await build.writeFile(ECONOMICS_FILE, (conn, old) => writeEconomics(conn, { ...input, old }), {
          attachPrevious: PREVIOUS_ALIAS,
        });
        progress.phase('publish');
        return merged;
      },
    });
    progress.done(written.observations);
    return report(name, written.observations, written);
  } catch (err) {
    if (!(err instanceof NothingChanged)) throw err;
    // The build was discarded as a failed one is: nothing published, CURRENT as it was.
    progress.done(err.observations);
    return report(undefined, err.observations, none);
  }
}

interface EconomicsWrite {
  /** One per (series, date). */
  observations: Map<string, EconomicsObservation>;
  /** Series carried whole: every stored date of theirs is covered. */
  whole: Set<string>;
  revisions: EconomicsRevision[];
  /** The provenance of each incoming series. */
  provenance: Map<string, Provenance>;
  /** With false, a write where no series changed throws `NothingChanged`. */
  publishUnchanged: boolean;
  /** `YYYY-MM-DDTHH:MM:SS`, the `last_update` of changed series. */
  now: string;
  progress: Progress;
  /** Alias of the serving snapshot's economics file, when it has one. */
  old: string | undefined;
}

/** Writes the new economics file: the kept series, then the batch merged into them. */
async function writeEconomics(
  conn: DuckDBConnection,
  input: EconomicsWrite,
): Promise<{ observations: number; changed: string[]; created: string[] }> {
  const { progress } = input;
  progress.phase('copy kept series');
  await writeEconomicsCatalogue(conn);
  await markIngested(conn);
  if (input.old) await copyKeptSeries(conn, input.old);

  progress.phase('stage observations');
  const staged = await stageObservations(conn, input);

  progress.phase('compare and merge', staged);
  const { changed, created } = await changedSeries(conn);
  if (changed.length === 0 && !input.publishUnchanged) {
    const kept = readNumber(await conn.runAndReadAll('SELECT count(*)::INTEGER AS n FROM observations'), 'n');
    throw new NothingChanged(kept);
  }
  await mergeIncoming(conn, input, changed);
  const observations = await validateEconomics(conn);

  progress.phase('sort and derive');
  for (const [table, order] of [
    ['observations', 'series_id, date'],
    ['revisions', 'series_id, date, realtime_start'],
  ] as const) {
    await conn.run(`CREATE TABLE ${table}_sorted AS SELECT * FROM ${table} ORDER BY ${order}`);
    await conn.run(`DROP TABLE ${table}`);
    await conn.run(`ALTER TABLE ${table}_sorted RENAME TO ${table}`);
  }
  await deriveSeriesStats(conn);
  return { observations, changed, created };
}

/**
 * Keeps what earlier ingests loaded, with its revisions; a generated sample is
 * replaced, never mixed with. A file written before vintages has no
 * `realtime_start`: its values count as known from their series' last update.
 */
async function copyKeptSeries(conn: DuckDBConnection, old: string): Promise<void> {
  if (await isIngested(conn, old)) {
    await conn.run(`INSERT INTO series SELECT * FROM ${old}.series`);
    if (await hasColumn(conn, old, 'observations.realtime_start')) {
      await conn.run(`INSERT INTO observations SELECT * FROM ${old}.observations`);
      await conn.run(`INSERT INTO revisions SELECT * FROM ${old}.revisions`);
    } else {
      await conn.run(`INSERT INTO observations
        SELECT o.series_id, o.date, o.value, o.obs_status, coalesce(s.last_update::DATE, current_date)
        FROM ${old}.observations o LEFT JOIN ${old}.series s USING (series_id)`);
    }
  } else {
    const generated = readNumber(await conn.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM ${old}.series`), 'n');
    if (generated > 0) {
      warn(
        `official data replaces the generated sample's economics as a whole: its ${generated} generated ` +
          'series leave, and only series of official sources are served from now on',
      );
    }
  }
  // Nothing else reads the serving file: it is let go before the heavy work.
  await conn.run(`DETACH ${old}`);
}

/** A text value, or NULL when there is none. */
function appendText(app: DuckDBAppender, value: string | null | undefined): void {
  if (value) app.appendVarchar(value);
  else app.appendNull();
}

/** Appends the batch to `temp.incoming`; returns how many rows. */
async function stageObservations(conn: DuckDBConnection, input: EconomicsWrite): Promise<number> {
  await conn.run(`CREATE TEMP TABLE incoming (series_id VARCHAR, country_id VARCHAR, kpi_id VARCHAR, frequency VARCHAR,
    date DATE, value DOUBLE, obs_status VARCHAR, realtime_start DATE)`);
  const app = await conn.createAppender('incoming', 'main', 'temp');
  const total = input.observations.size;
  let staged = 0;
  for (const o of input.observations.values()) {
    app.appendVarchar(seriesOf(o));
    app.appendVarchar(o.country_id);
    app.appendVarchar(o.kpi_id);
    app.appendVarchar(o.frequency);
    app.appendVarchar(o.date);
    app.appendDouble(o.value);
    appendText(app, o.obs_status);
    appendText(app, o.realtime_start);
    app.endRow();
    if (++staged % 65536 === 0) input.progress.rows(staged, staged / total);
  }
  app.closeSync();
  await stageCovered(conn, input.whole);
  return staged;
}

/**
 * `temp.covered`: the dates each incoming series covers, where its stored values are
 * replaced (a stored value the batch does not repeat is withdrawn): from its first to
 * its last incoming date, or every date for a series its batch carries whole.
 */
async function stageCovered(conn: DuckDBConnection, whole: Set<string>): Promise<void> {
  await conn.run('CREATE TEMP TABLE whole (series_id VARCHAR PRIMARY KEY)');
  const app = await conn.createAppender('whole', 'main', 'temp');
  for (const series of whole) {
    app.appendVarchar(series);
    app.endRow();
  }
  app.closeSync();
  await conn.run(`CREATE TEMP TABLE covered AS
    SELECT series_id,
           CASE WHEN series_id IN (SELECT series_id FROM temp.whole) THEN DATE '0001-01-01' ELSE min(date) END AS lo,
           CASE WHEN series_id IN (SELECT series_id FROM temp.whole) THEN DATE '9999-12-31' ELSE max(date) END AS hi
    FROM temp.incoming GROUP BY series_id`);
}

/**
 * Series whose observations over the periods the batch covers differ from what is
 * stored, and which of them are new (the kept series do not hold them).
 */
async function changedSeries(conn: DuckDBConnection): Promise<{ changed: string[]; created: string[] }> {
  const rows = await conn.runAndReadAll(`
    WITH old AS (
      SELECT o.* FROM observations o JOIN temp.covered c USING (series_id) WHERE o.date BETWEEN c.lo AND c.hi)
    SELECT DISTINCT coalesce(n.series_id, old.series_id) AS series_id
    FROM temp.incoming n FULL OUTER JOIN old ON n.series_id = old.series_id AND n.date = old.date
    WHERE n.series_id IS NULL OR old.series_id IS NULL
       OR n.value IS DISTINCT FROM old.value OR n.obs_status IS DISTINCT FROM old.obs_status
    ORDER BY 1`);
  const changed = readRows(rows, ['series_id']).map((r) => textOf(r.series_id, 'series_id'));
  const known = readRows(await conn.runAndReadAll('SELECT series_id FROM series'), ['series_id']);
  const stored = new Set(known.map((r) => textOf(r.series_id, 'series_id')));
  return { changed, created: changed.filter((id) => !stored.has(id)) };
}

/**
 * Vintages (§3): a stored value the batch changes or withdraws becomes a revision,
 * the latest known until the day before the batch's value is (the source's release
 * day, else the ingest's); a value the batch repeats keeps the day it became known,
 * so an unchanged file adds no vintage. Earlier values the source itself gives
 * (ALFRED) are added as revisions. Leaves the batch's values in `temp.merged`.
 */
async function keepRevisions(conn: DuckDBConnection, input: EconomicsWrite): Promise<void> {
  const today = input.now.slice(0, 10);
  const same = 'o.value = n.value AND o.obs_status IS NOT DISTINCT FROM n.obs_status';
  await conn.run(
    `INSERT INTO revisions
     SELECT o.series_id, o.date, o.value, o.obs_status, o.realtime_start, coalesce(n.realtime_start, $1::DATE) - 1
     FROM observations o JOIN temp.covered c ON o.series_id = c.series_id AND o.date BETWEEN c.lo AND c.hi
     LEFT JOIN temp.incoming n ON n.series_id = o.series_id AND n.date = o.date
     WHERE (n.series_id IS NULL OR NOT (${same})) AND coalesce(n.realtime_start, $1::DATE) - 1 >= o.realtime_start`,
    [today],
  );
  await conn.run(
    `CREATE TEMP TABLE merged AS
     SELECT n.series_id, n.date, n.value, n.obs_status,
            CASE WHEN o.series_id IS NOT NULL AND ${same} THEN o.realtime_start
                 ELSE coalesce(n.realtime_start, $1::DATE) END AS realtime_start
     FROM temp.incoming n LEFT JOIN observations o ON o.series_id = n.series_id AND o.date = n.date`,
    [today],
  );
  await stageRevisions(conn, input.revisions);
  await normaliseVersions(conn);
}

/**
 * The versions of each date of the batch's series made consistent, whatever the
 * sources said: ordered by the day each became known, a version equal to the one
 * before is no change (the earlier day stands), each is known until the day before
 * the next, and one known for no day is dropped. So a date has one version on any
 * day, and the current value keeps the first day it was known.
 */
async function normaliseVersions(conn: DuckDBConnection): Promise<void> {
  const touched = 'series_id IN (SELECT series_id FROM temp.covered)';
  const order = 'PARTITION BY series_id, date ORDER BY realtime_start, current';
  await conn.run(`CREATE TEMP TABLE runs AS
    WITH versions AS (
      SELECT series_id, date, value, obs_status, realtime_start, realtime_end, false AS current
      FROM revisions WHERE ${touched}
      UNION ALL
      SELECT series_id, date, value, obs_status, realtime_start, DATE '9999-12-31', true FROM temp.merged),
    marked AS (
      SELECT *, coalesce(lag(value) OVER w = value AND lag(obs_status) OVER w IS NOT DISTINCT FROM obs_status, false)
        AS same FROM versions WINDOW w AS (${order})),
    numbered AS (SELECT *, sum(CASE WHEN same THEN 0 ELSE 1 END) OVER (${order} ROWS UNBOUNDED PRECEDING) AS run
      FROM marked)
    SELECT series_id, date, any_value(value) AS value, any_value(obs_status) AS obs_status,
           min(realtime_start) AS realtime_start, max(realtime_end) AS realtime_end, bool_or(current) AS current
    FROM numbered GROUP BY series_id, date, run`);
  await conn.run(`DELETE FROM revisions WHERE ${touched}`);
  await conn.run(`INSERT INTO revisions
    SELECT series_id, date, value, obs_status, realtime_start, known_until FROM (
      SELECT *, least(realtime_end, lead(realtime_start) OVER next - 1) AS known_until
      FROM temp.runs WINDOW next AS (PARTITION BY series_id, date ORDER BY realtime_start))
    WHERE NOT current AND known_until >= realtime_start`);
  await conn.run(`UPDATE temp.merged m SET realtime_start = r.realtime_start
    FROM temp.runs r WHERE r.current AND r.series_id = m.series_id AND r.date = m.date`);
}

/** The source's own earlier values of the batch's series (made consistent by `normaliseVersions`). */
async function stageRevisions(conn: DuckDBConnection, revisions: EconomicsRevision[]): Promise<void> {
  if (revisions.length === 0) return;
  await conn.run(`CREATE TEMP TABLE source_revisions (series_id VARCHAR, date DATE, value DOUBLE, obs_status VARCHAR,
    realtime_start DATE, realtime_end DATE)`);
  const app = await conn.createAppender('source_revisions', 'main', 'temp');
  for (const r of revisions) {
    app.appendVarchar(seriesOf(r));
    app.appendVarchar(r.date);
    app.appendDouble(r.value);
    appendText(app, r.obs_status);
    app.appendVarchar(r.realtime_start);
    app.appendVarchar(r.realtime_end);
    app.endRow();
  }
  app.closeSync();
  await conn.run('INSERT INTO revisions SELECT * FROM temp.source_revisions');
}

/**
 * Replaces the stored observations of each incoming series over the periods the
 * batches cover, adds new series, and records on every series the provenance of the
 * batch that carries it; only changed series get a new `last_update`.
 */
async function mergeIncoming(conn: DuckDBConnection, input: EconomicsWrite, changed: string[]): Promise<void> {
  await keepRevisions(conn, input);
  await conn.run(`
    DELETE FROM observations o USING temp.covered c
    WHERE o.series_id = c.series_id AND o.date BETWEEN c.lo AND c.hi`);
  await conn.run('INSERT INTO observations SELECT * FROM temp.merged');
  await stageProvenance(conn, input.provenance);
  await conn.run(
    `INSERT INTO series
     SELECT DISTINCT i.series_id, i.country_id, i.kpi_id, i.frequency, NULL,
            p.source_name, p.source_url, p.license_id, p.attribution_text, $1::TIMESTAMP
     FROM temp.incoming i JOIN temp.incoming_sources p USING (series_id)
     WHERE i.series_id NOT IN (SELECT series_id FROM series)`,
    [input.now],
  );
  await conn.run(
    `UPDATE series SET source_name = p.source_name, source_url = p.source_url, license_id = p.license_id,
       attribution_text = p.attribution_text
     FROM temp.incoming_sources p WHERE series.series_id = p.series_id`,
  );
  if (changed.length) {
    const ids = changed.map((_, i) => `$${i + 2}`).join(', ');
    const sql = `UPDATE series SET last_update = $1::TIMESTAMP WHERE series_id IN (${ids})`;
    await conn.run(sql, [input.now, ...changed]);
  }
}

/** Stages the provenance of each incoming series in `temp.incoming_sources`. */
async function stageProvenance(conn: DuckDBConnection, provenance: Map<string, Provenance>): Promise<void> {
  await conn.run(`CREATE TEMP TABLE incoming_sources (series_id VARCHAR PRIMARY KEY, source_name VARCHAR,
    source_url VARCHAR, license_id VARCHAR, attribution_text VARCHAR)`);
  const app = await conn.createAppender('incoming_sources', 'main', 'temp');
  for (const [series, p] of provenance) {
    app.appendVarchar(series);
    app.appendVarchar(p.source_name);
    app.appendVarchar(p.source_url);
    app.appendVarchar(p.license_id);
    app.appendVarchar(p.attribution_text);
    app.endRow();
  }
  app.closeSync();
}

/** Refuses a merged file with duplicate keys or codes outside the catalogue; returns its observations. */
async function validateEconomics(conn: DuckDBConnection): Promise<number> {
  const [checks] = readRows(
    await conn.runAndReadAll(`
    SELECT (SELECT count(*) FROM (SELECT series_id, date FROM observations GROUP BY ALL HAVING count(*) > 1))::INTEGER
             AS duplicates,
           (SELECT count(*) FROM series
             WHERE country_id NOT IN (SELECT country_id FROM countries) OR kpi_id NOT IN (SELECT kpi_id FROM indicators)
           )::INTEGER AS unknown_codes,
           (SELECT count(*) FROM observations)::INTEGER AS observations`),
    ['duplicates', 'unknown_codes', 'observations'],
  );
  if (Number(checks!.duplicates) > 0) throw new IngestError('validation failed: duplicate (series, date) keys');
  if (Number(checks!.unknown_codes) > 0) {
    throw new IngestError('validation failed: series with a country or indicator not in the catalogue');
  }
  return Number(checks!.observations);
}
