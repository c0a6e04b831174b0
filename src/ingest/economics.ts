import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { copyFileSync, existsSync, linkSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { deriveSeriesStats } from '../economics/tables.js';
import { writeEconomicsCatalogue } from '../sample/economics.js';
import { ECONOMICS_FILE, buildDuckdbConfig, createSnapshotDir, discardSnapshot, publishSnapshot, readCurrentName, snapshotsDir } from '../store/snapshot.js';
import { Progress } from '../store/progress.js';
import type { BadRow, EconomicsBatch } from './types.js';

export class IngestError extends Error {
  constructor(message: string, readonly badRows: BadRow[] = []) {
    super(message);
  }
}

export interface EconomicsIngestReport {
  snapshot: string;
  observations: number;
  changedSeries: string[];
  unchangedSeries: number;
  badRows: BadRow[];
  unmapped: Array<[string, number]>;
}

/**
 * Puts every file of the serving snapshot that this ingest does not write into the
 * new snapshot, whatever the files are (economics, trade, nomenclature, any later
 * one): an ingest replaces its own files and loses nothing else. A hard link, as
 * published files never change; a copy where links are refused. Dot-files and a
 * written file's companions (`trade.duckdb.wal`) are the store's own, not data.
 * Returns the names carried over.
 */
export function carryOverUnchanged(fromDir: string | undefined, toDir: string, written: string[]): string[] {
  if (!fromDir || !existsSync(fromDir)) return [];
  const carried: string[] = [];
  for (const entry of readdirSync(fromDir, { withFileTypes: true })) {
    const name = entry.name;
    if (!entry.isFile() || name.startsWith('.') || written.some((w) => name === w || name.startsWith(`${w}.`))) continue;
    if (existsSync(path.join(toDir, name))) continue;
    try {
      linkSync(path.join(fromDir, name), path.join(toDir, name));
    } catch {
      copyFileSync(path.join(fromDir, name), path.join(toDir, name));
    }
    carried.push(name);
  }
  return carried;
}

/**
 * Every snapshot holds an economics file: when neither this ingest nor the serving
 * snapshot provides one (an empty DATA_DIR), one holding the catalogue only is
 * written (real data alone: no generated series).
 */
export async function ensureEconomics(toDir: string): Promise<void> {
  if (existsSync(path.join(toDir, ECONOMICS_FILE))) return;
  const instance = await DuckDBInstance.create(path.join(toDir, ECONOMICS_FILE));
  const conn = await instance.connect();
  try {
    await writeEconomicsCatalogue(conn);
    await conn.run("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR); INSERT INTO meta VALUES ('origin', 'ingested')");
    await deriveSeriesStats(conn);
    await conn.run('CHECKPOINT');
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

async function origin(conn: DuckDBConnection, schema: string): Promise<string | undefined> {
  try {
    const r = await conn.runAndReadAll(`SELECT value FROM ${schema}.meta WHERE key = 'origin'`);
    return r.getRowObjectsJson()[0]?.value as string | undefined;
  } catch {
    return undefined; // the generated sample has no meta table
  }
}

/** Phases of an economics ingest and their shares of its time. */
const ECONOMICS_INGEST_PHASES = [
  ['copy kept series', 20],
  ['stage observations', 20],
  ['compare and merge', 25],
  ['sort and derive', 30],
  ['publish', 5],
] as const;

/**
 * Builds a new snapshot with `batch` loaded into the economics tables, validates it
 * and publishes it; on any failure the serving snapshot stays as it was.
 *
 * Real data replaces the generated sample (never mixes with it); a later ingest of
 * a source replaces that source's observations of each series it carries over the
 * periods it covers. `last_update` moves to `now` only for series whose
 * observations changed.
 */
export async function ingestEconomics(dataDir: string, batch: EconomicsBatch, opts: { maxBadRows: number; now?: Date }): Promise<EconomicsIngestReport> {
  if (batch.badRows.length > opts.maxBadRows) {
    throw new IngestError(`${batch.badRows.length} bad rows, more than the ${opts.maxBadRows} allowed: nothing was loaded`, batch.badRows);
  }
  if (batch.observations.length === 0) throw new IngestError('no observation could be loaded: nothing was changed', batch.badRows);
  const seen = new Map<string, number>();
  for (const o of batch.observations) {
    const k = `${o.country_id}.${o.kpi_id}|${o.date}`;
    if (seen.has(k) && seen.get(k) !== o.value) throw new IngestError(`two different values for ${k}: nothing was loaded`, batch.badRows);
    seen.set(k, o.value);
  }

  const now = (opts.now ?? new Date()).toISOString().slice(0, 19);
  const current = await readCurrentName(dataDir);
  const currentDir = current ? path.join(snapshotsDir(dataDir), current) : undefined;
  const { name, dir } = await createSnapshotDir(dataDir);
  const progress = new Progress('economics ingest', ECONOMICS_INGEST_PHASES);
  progress.phase('copy kept series');
  const instance = await DuckDBInstance.create(path.join(dir, ECONOMICS_FILE), await buildDuckdbConfig(dataDir));
  const conn = await instance.connect();
  try {
    await writeEconomicsCatalogue(conn);
    await conn.run("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR); INSERT INTO meta VALUES ('origin', 'ingested')");
    const previous = currentDir && existsSync(path.join(currentDir, ECONOMICS_FILE)) ? path.join(currentDir, ECONOMICS_FILE) : undefined;
    if (previous) {
      await conn.run(`ATTACH '${previous.replace(/'/g, "''")}' AS old (READ_ONLY)`);
      if ((await origin(conn, 'old')) === 'ingested') {
        await conn.run('INSERT INTO series SELECT * FROM old.series');
        await conn.run('INSERT INTO observations SELECT * FROM old.observations');
      }
      await conn.run('DETACH old');
    }

    progress.phase('stage observations');
    await conn.run('CREATE TEMP TABLE incoming (series_id VARCHAR, country_id VARCHAR, kpi_id VARCHAR, frequency VARCHAR, date DATE, value DOUBLE, obs_status VARCHAR)');
    const app = await conn.createAppender('incoming', 'main', 'temp');
    const unique = new Map<string, (typeof batch.observations)[number]>();
    for (const o of batch.observations) unique.set(`${o.country_id}.${o.kpi_id}|${o.date}`, o);
    let staged = 0;
    for (const o of unique.values()) {
      app.appendVarchar(`${o.country_id}.${o.kpi_id}`);
      app.appendVarchar(o.country_id);
      app.appendVarchar(o.kpi_id);
      app.appendVarchar(o.frequency);
      app.appendVarchar(o.date);
      app.appendDouble(o.value);
      if (o.obs_status) app.appendVarchar(o.obs_status);
      else app.appendNull();
      app.endRow();
      if (++staged % 65536 === 0) progress.rows(staged, staged / unique.size);
    }
    app.closeSync();

    progress.phase('compare and merge', staged);
    // Series whose observations over the covered periods differ from what is stored.
    const changed = (await conn.runAndReadAll(`
      WITH covered AS (SELECT series_id, min(date) AS lo, max(date) AS hi FROM temp.incoming GROUP BY series_id),
      old AS (SELECT o.* FROM observations o JOIN covered c USING (series_id) WHERE o.date BETWEEN c.lo AND c.hi)
      SELECT DISTINCT coalesce(n.series_id, old.series_id) AS series_id
      FROM temp.incoming n FULL OUTER JOIN old ON n.series_id = old.series_id AND n.date = old.date
      WHERE n.series_id IS NULL OR old.series_id IS NULL OR n.value IS DISTINCT FROM old.value OR n.obs_status IS DISTINCT FROM old.obs_status
      ORDER BY 1`)).getRowObjectsJson().map((r) => r.series_id as string);

    await conn.run(`
      DELETE FROM observations o USING (SELECT series_id, min(date) AS lo, max(date) AS hi FROM temp.incoming GROUP BY series_id) c
      WHERE o.series_id = c.series_id AND o.date BETWEEN c.lo AND c.hi`);
    await conn.run('INSERT INTO observations SELECT series_id, date, value, obs_status FROM temp.incoming');
    const p = batch.provenance;
    await conn.run(
      `INSERT INTO series
       SELECT DISTINCT series_id, country_id, kpi_id, frequency, NULL, $1, $2, $3, $4, $5::TIMESTAMP FROM temp.incoming
       WHERE series_id NOT IN (SELECT series_id FROM series)`,
      [p.source_name, p.source_url, p.license_id, p.attribution_text, now],
    );
    await conn.run(
      `UPDATE series SET source_name = $1, source_url = $2, license_id = $3, attribution_text = $4
       WHERE series_id IN (SELECT series_id FROM temp.incoming)`,
      [p.source_name, p.source_url, p.license_id, p.attribution_text],
    );
    if (changed.length) {
      await conn.run(`UPDATE series SET last_update = $1::TIMESTAMP WHERE series_id IN (${changed.map((_, i) => `$${i + 2}`).join(', ')})`, [now, ...changed]);
    }

    // Validation before anything is published.
    const checks = (await conn.runAndReadAll(`
      SELECT (SELECT count(*) FROM (SELECT series_id, date FROM observations GROUP BY ALL HAVING count(*) > 1))::INTEGER AS duplicates,
             (SELECT count(*) FROM series WHERE country_id NOT IN (SELECT country_id FROM countries) OR kpi_id NOT IN (SELECT kpi_id FROM indicators))::INTEGER AS unknown_codes,
             (SELECT count(*) FROM observations)::INTEGER AS observations`)).getRowObjectsJson()[0]!;
    if (Number(checks.duplicates) > 0) throw new IngestError('validation failed: duplicate (series, date) keys');
    if (Number(checks.unknown_codes) > 0) throw new IngestError('validation failed: series with a country or indicator not in the catalogue');
    progress.phase('sort and derive');
    await conn.run('CREATE TABLE observations_sorted AS SELECT * FROM observations ORDER BY series_id, date');
    await conn.run('DROP TABLE observations');
    await conn.run('ALTER TABLE observations_sorted RENAME TO observations');
    await deriveSeriesStats(conn);
    await conn.run('CHECKPOINT');
    conn.closeSync();
    instance.closeSync();
    progress.phase('publish');
    carryOverUnchanged(currentDir, dir, [ECONOMICS_FILE]);
    await publishSnapshot(dataDir, name);
    progress.done(Number(checks.observations));
    const total = Number(checks.observations);
    const incomingSeries = new Set([...unique.values()].map((o) => `${o.country_id}.${o.kpi_id}`));
    return {
      snapshot: name,
      observations: total,
      changedSeries: changed,
      unchangedSeries: incomingSeries.size - changed.length,
      badRows: batch.badRows,
      unmapped: [...batch.unmapped].sort((a, b) => b[1] - a[1]),
    };
  } catch (err) {
    try {
      conn.closeSync();
      instance.closeSync();
    } catch {
      /* already closed */
    }
    progress.stop();
    await discardSnapshot(dataDir, name);
    throw err;
  }
}
