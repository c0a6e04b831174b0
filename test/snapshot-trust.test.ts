import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { Database } from '../src/store/duckdb.js';
import { publishSnapshot } from '../src/store/publish.js';
import { ECONOMICS_FILE, newSnapshotName, readCurrentName, snapshotsDir } from '../src/store/snapshot-layout.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { until } from './helpers/until.js';

/** What a replica must never serve: its environment, a file of its state. */
const SECRET = 'secret-of-the-replica-7f3a';

/** Rewrites one file of a snapshot with `statements`, as a hostile bucket would. */
async function tamper(file: string, statements: string[]): Promise<void> {
  const instance = await DuckDBInstance.create(file);
  const conn = await instance.connect();
  try {
    for (const sql of statements) await conn.run(sql);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** A copy of snapshot `serving` with its economics file tampered with, published as the newest. */
async function publishTampered(dataDir: string, serving: string, statements: string[]): Promise<string> {
  const name = newSnapshotName();
  const dir = path.join(snapshotsDir(dataDir), name);
  cpSync(path.join(snapshotsDir(dataDir), serving), dir, { recursive: true });
  await tamper(path.join(dir, ECONOMICS_FILE), statements);
  // Every snapshot kept: the one still serving is older than those refused.
  await publishSnapshot(dataDir, name, 50);
  return name;
}

/** `countries` replaced by a view that reads `file` into USA's name. */
const leakingView = (file: string) => [
  'CREATE TABLE countries_kept AS SELECT * FROM countries',
  'DROP TABLE countries',
  `CREATE VIEW countries AS SELECT country_id,
     CASE WHEN country_id = 'USA' THEN (SELECT content FROM read_text('${file}')) ELSE name END AS name,
     slug, iso2, kind, groups FROM countries_kept`,
];

describe('snapshot files are data, never code (CONTRACT §9)', () => {
  let server: TestServer;
  let secretFile: string;
  let original: string;

  before(async () => {
    server = await startTestServer();
    original = (await readCurrentName(server.dataDir))!;
    // A file of the replica's own state, as `DATA_DIR/state/state.sqlite` is.
    mkdirSync(path.join(server.dataDir, 'state'), { recursive: true });
    secretFile = path.join(server.dataDir, 'state', 'state.sqlite');
    writeFileSync(secretFile, SECRET);
  });
  after(async () => server.close());

  const cases: Array<[string, () => string[]]> = [
    ['a view reading the environment', () => leakingView('/proc/self/environ')],
    ['a view reading the state store', () => leakingView(secretFile)],
    ['a macro', () => ['CREATE MACRO leak() AS 1']],
    ['an unknown table', () => ['CREATE TABLE extra (x INTEGER)']],
    ['an unknown column', () => ['ALTER TABLE countries ADD COLUMN note VARCHAR']],
    [
      'a generated column',
      () => [
        'ALTER TABLE series_stats RENAME TO stats_kept',
        `CREATE TABLE series_stats (series_id VARCHAR, n_obs INTEGER GENERATED ALWAYS AS (length(series_id)) VIRTUAL)`,
      ],
    ],
  ];
  for (const [what, statements] of cases) {
    it(`a snapshot holding ${what} is refused before it is served`, async () => {
      const before = (await server.get('/metrics')).raw.toString();
      const refusedBefore = Number(/^snapshots_refused (\d+)/m.exec(before)?.[1] ?? 'NaN');
      const name = await publishTampered(server.dataDir, original, statements());
      // Refused by the server's own poll of CURRENT, or by this refresh, whichever comes first.
      await server.store.refresh().catch((err: Error) => assert.match(err.message, /never writes/));
      await until('the snapshot refused', async () => server.store.refusedSnapshots === refusedBefore + 1 || undefined);
      assert.equal(server.store.current?.name, original, 'the previous snapshot keeps serving');
      const countries = await server.get('/v1/countries');
      assert.equal(countries.status, 200);
      assert.equal(
        countries.body.data.find((c: { country_id: string }) => c.country_id === 'USA').name,
        'United States',
      );
      assert.doesNotMatch(JSON.stringify(countries.body), new RegExp(`${SECRET}|PATH=`));
      const metrics = (await server.get('/metrics')).raw.toString();
      assert.equal(Number(/^snapshots_refused (\d+)/m.exec(metrics)?.[1]), refusedBefore + 1);
      // Asked again, it is not opened again.
      await server.store.refresh();
      assert.equal(server.store.current?.name, original);
      assert.equal(server.store.refusedSnapshots, refusedBefore + 1);
      assert.ok(name > original);
    });
  }
});

describe('a DuckDB instance over snapshot files reaches nothing else (CONTRACT §9)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'econtrade-confined-'));
  const files = path.join(dir, 'tmp', 'proc');
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads its files; a view reaching another file, an extension, a setting or a write elsewhere fails', async () => {
    const secret = path.join(dir, 'secret.txt');
    writeFileSync(secret, SECRET);
    const file = path.join(dir, 'hostile.duckdb');
    await tamper(file, [
      'CREATE TABLE t AS SELECT 1 AS x',
      `CREATE VIEW leak AS SELECT content FROM read_text('${secret}')`,
    ]);
    mkdirSync(files, { recursive: true });
    const db = await Database.open({
      attach: { h: file },
      connections: 2,
      queryTimeoutMs: 10_000,
      memoryLimit: '64MB',
      tempDirectory: path.join(files, 'spill'),
      filesDirectory: files,
    });
    try {
      assert.deepEqual(await db.query<{ x: number }>('SELECT x FROM h.t', { x: true }, []), [{ x: 1 }]);
      await assert.rejects(db.query('SELECT * FROM h.leak'), /Permission Error/);
      await assert.rejects(db.query(`SELECT * FROM read_text('/proc/self/environ')`), /Permission Error/);
      await assert.rejects(db.query(`ATTACH '${path.join(dir, 'other.duckdb')}' AS o`), /Permission Error/);
      await assert.rejects(db.query(`COPY (SELECT 1) TO '${path.join(dir, 'out.csv')}'`), /Permission Error/);
      await assert.rejects(db.query('SET enable_external_access = true'), /locked/);
      await assert.rejects(db.query(`SET allowed_directories = ['/']`), /locked/);
      await assert.rejects(db.query('LOAD httpfs'), /disabled|Permission/);
      // What the service itself needs: a file written in its own directory, and spilling there.
      const out = path.join(files, 'out.csv');
      await db.query(`COPY (SELECT 42 AS answer) TO '${out}' (FORMAT csv, HEADER true)`);
      const [spilled] = await db.query<{ n: number }>(
        'SELECT count(DISTINCT x)::INTEGER AS n FROM (SELECT range % 8000000 AS x FROM range(8000000))',
        { n: true },
        [],
      );
      assert.equal(spilled?.n, 8_000_000);
    } finally {
      db.close();
    }
  });
});
