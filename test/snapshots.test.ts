import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { SNAPSHOTS_KEPT_DEFAULT, SettingsError, duckdbMemoryLimitFrom, snapshotsKeptFrom } from '../src/settings.js';
import { Progress, type ProgressEvent } from '../src/store/progress.js';
import { cleanDataDir } from '../src/store/clean.js';
import { createSnapshotDir, discardSnapshot, publishSnapshot } from '../src/store/publish.js';
import { BUILDING_MARKER, readCurrentName, snapshotsDir } from '../src/store/snapshot-layout.js';
import { buildDuckdbConfig } from '../src/store/spill.js';
import { SNAPSHOT_SCHEMA, datasetStore } from '../src/datasets.js';
import { deriveSeriesStats, writeEconomicsCatalogue } from '../src/economics/tables.js';
import { buildSnapshot, type SnapshotBuild } from '../src/store/builder.js';
import { SnapshotStore } from '../src/store/serving.js';
import { entryArgs, freePort, ingestCli, logMessages, runMainToExit, startServerProcess } from './helpers/processes.js';
import { TEST_AS_OF } from './helpers/sample.js';
import { ROOT as root } from './helpers/paths.js';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function dataDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'econtrade-snapshots-'));
  dirs.push(d);
  return d;
}

async function waitFor(cond: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const started = Date.now();
  while (!cond()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs `code` (ESM, with the project's TypeScript sources importable) in its own process. */
function spawnScript(code: string, env: Record<string, string> = {}): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return { child, output: () => out };
}

async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

/** Runs the server entry point until it exits; returns its exit code and output. */
const runMain = (env: Record<string, string>) => runMainToExit(env, 30_000);

const snapshotNames = (d: string) => readdirSync(snapshotsDir(d)).sort();

describe('settings: DUCKDB_MEMORY_LIMIT and SNAPSHOTS_KEPT', () => {
  it('accepts DuckDB size strings and defaults to a quarter of the memory', async () => {
    assert.equal(duckdbMemoryLimitFrom({ DUCKDB_MEMORY_LIMIT: '4GB' }), '4GB');
    assert.equal(duckdbMemoryLimitFrom({ DUCKDB_MEMORY_LIMIT: ' 512 MB ' }), '512MB');
    assert.equal(duckdbMemoryLimitFrom({ DUCKDB_MEMORY_LIMIT: '1.5GiB' }), '1.5GiB');
    const fallback = duckdbMemoryLimitFrom({});
    const mib = Number(/^(\d+)MiB$/.exec(fallback)?.[1]);
    assert.ok(mib > 0 && mib * 1024 * 1024 <= totalmem() / 4 + 1024 * 1024, fallback);
    // DuckDB takes each of them as a memory limit.
    for (const limit of ['4GB', '512MB', '1.5GiB', fallback]) {
      const db = await DuckDBInstance.create(':memory:', { memory_limit: limit });
      const conn = await db.connect();
      const set = (await conn.runAndReadAll("SELECT current_setting('memory_limit') AS m")).getRowObjectsJson()[0]!.m;
      assert.notEqual(set, '', limit);
      conn.closeSync();
      db.closeSync();
    }
  });

  it('refuses sizes DuckDB cannot use and counts below one, naming the fix', () => {
    for (const bad of ['lots', '4', '4XB', '-1GB', '10MB', '0GB']) {
      assert.throws(
        () => duckdbMemoryLimitFrom({ DUCKDB_MEMORY_LIMIT: bad }),
        (e: unknown) => e instanceof SettingsError && /^DUCKDB_MEMORY_LIMIT .*unset it/.test(e.message),
        bad,
      );
    }
    assert.equal(snapshotsKeptFrom({}), 3);
    assert.equal(snapshotsKeptFrom({ SNAPSHOTS_KEPT: '1' }), 1);
    for (const bad of ['0', '-2', '1.5', 'all']) {
      assert.throws(
        () => snapshotsKeptFrom({ SNAPSHOTS_KEPT: bad }),
        (e: unknown) => e instanceof SettingsError && /^SNAPSHOTS_KEPT /.test(e.message),
        bad,
      );
    }
  });

  it('an invalid value stops the server with one line and exit code 1', async () => {
    const d = dataDir();
    const envs: Array<Record<string, string>> = [{ DUCKDB_MEMORY_LIMIT: 'plenty' }, { SNAPSHOTS_KEPT: '0' }];
    const runs = await Promise.all(envs.map((env) => runMain({ DATA_DIR: d, ...env })));
    for (const [k, r] of runs.entries()) {
      const name = Object.keys(envs[k]!)[0]!;
      assert.equal(r.code, 1, r.out + r.err);
      assert.equal(r.err.trim().split('\n').length, 1, r.err);
      const line = JSON.parse(r.err) as { level: string; msg: string };
      assert.equal(line.level, 'fatal');
      assert.match(line.msg, new RegExp(`^${name} .*: set it to`));
      assert.doesNotMatch(r.err, /\bat .*\.(ts|js):\d+/);
    }
    assert.deepEqual(readdirSync(d), [], 'nothing was built');
  });
});

describe('progress of long builds', () => {
  it('repeats the running phase while a long DuckDB statement runs, with percent and rows', async () => {
    const events: ProgressEvent[] = [];
    const progress = new Progress(
      'test build',
      [
        ['load', 1],
        ['sort', 3],
      ],
      { sink: (e) => events.push(e), intervalMs: 100 },
    );
    progress.phase('load');
    progress.rows(1000, 0.5);
    await new Promise((r) => setTimeout(r, 250));
    progress.phase('sort');
    const db = await DuckDBInstance.create(':memory:', { threads: '1' });
    const conn = await db.connect();
    const started = Date.now();
    await conn.run('SELECT count(DISTINCT hash(range)) FROM range(10000000)');
    const ranMs = Date.now() - started;
    conn.closeSync();
    db.closeSync();
    progress.done(2000);
    const ticks = events.filter((e) => e.kind === 'tick' && e.phase === 'sort');
    // One line per interval while the statement runs (timers may lag on a loaded machine).
    assert.ok(ticks.length >= Math.max(1, Math.floor(ranMs / 300)), `${ticks.length} lines over ${ranMs} ms`);
    assert.deepEqual(
      events.filter((e) => e.kind === 'start').map((e) => [e.phase, e.step, e.steps, e.percent]),
      [
        ['load', 1, 2, 0],
        ['sort', 2, 2, 25],
      ],
    );
    const loadTicks = events.filter((e) => e.kind === 'tick' && e.phase === 'load');
    assert.ok(loadTicks.length >= 1);
    assert.deepEqual(
      loadTicks.map((e) => [e.rows, e.percent]),
      loadTicks.map(() => [1000, 12]),
      'rows and half of a quarter of the work',
    );
    const last = events.at(-1)!;
    assert.deepEqual([last.kind, last.percent, last.rows], ['done', 100, 2000]);
    const count = events.length;
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(events.length, count, 'no line after the task is done');
  });
});

describe('snapshot hygiene', () => {
  it(
    'a sample build killed with SIGKILL leaves nothing a restart keeps; the' +
      ' restarted server builds, reports progress and serves',
    async () => {
      const d = dataDir();
      const build = spawn(process.execPath, entryArgs('src/main.ts'), {
        cwd: root,
        env: {
          ...process.env,
          DATA_DIR: d,
          PORT: String(await freePort()),
          SAMPLE_SCALE: '0.02',
          SAMPLE_AS_OF: TEST_AS_OF,
          DUCKDB_MEMORY_LIMIT: '128MB',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      build.stdout.on('data', (x) => (out += x));
      build.stderr.on('data', (x) => (out += x));
      try {
        await waitFor(
          () => /trade: monthly flows/.test(out) || build.exitCode !== null,
          120_000,
          () => out,
        );
      } finally {
        await killHard(build);
      }
      assert.match(out, /progress: sample build: 0% economics \(phase 1\/8\)/);
      const [leftover, ...more] = snapshotNames(d);
      assert.ok(leftover && more.length === 0, `one half-built snapshot, got ${snapshotNames(d).join(', ')}`);
      assert.ok(existsSync(path.join(snapshotsDir(d), leftover, BUILDING_MARKER)), 'marked as building');
      assert.ok(existsSync(path.join(snapshotsDir(d), leftover, 'trade.duckdb')), 'killed during the trade build');
      assert.equal(await readCurrentName(d), undefined);
      const deadSpill = readdirSync(path.join(d, 'tmp')).filter((n) => n.startsWith(`${build.pid}.`));
      assert.equal(deadSpill.length, 1, 'the spill directory of the killed build is there');

      // A small build (what is checked is the restart, at any scale), as of today: SAMPLE_AS_OF is
      // left to its default, so this is also the tests' server that builds with today's date.
      const server = await startServerProcess({
        DATA_DIR: d,
        SAMPLE_SCALE: '0.001',
        BOOTSTRAP_API_KEY: 'hygiene-key',
        LOG_LEVEL: 'info',
      });
      try {
        const current = await readCurrentName(d);
        assert.ok(current && current !== leftover);
        assert.deepEqual(snapshotNames(d), [current], 'only the new snapshot is left');
        assert.ok(!existsSync(path.join(snapshotsDir(d), current, BUILDING_MARKER)), 'published: no longer marked');
        assert.ok(!existsSync(path.join(d, 'tmp', deadSpill[0]!)), 'the dead build’s spill directory is gone');
        const res = await fetch(`${server.url}/v1/countries`, { headers: { authorization: 'Bearer hygiene-key' } });
        assert.equal(res.status, 200);
        // Progress: every phase of the build, with its percent, and rows once there are some.
        const lines = logMessages(server.output()).filter((l) => l.startsWith('progress: sample build: '));
        for (const phase of ['economics', 'trade: monthly flows', 'trade: sorted copies and aggregates', 'publish']) {
          assert.ok(
            lines.some((l) => new RegExp(`^progress: sample build: \\d+% ${phase} \\(phase \\d/8\\)`).test(l)),
            `${phase} in\n${lines.join('\n')}`,
          );
        }
        assert.match(lines.join('\n'), /: \d+% trade: annual sums \(phase 5\/8\), [\d,]+ rows, \d+ s/);
        assert.match(lines.at(-1)!, /^progress: sample build: 100% done, [\d,]+ rows, \d+ s$/);
      } finally {
        await server.stop();
      }
      assert.ok(
        !readdirSync(path.join(d, 'tmp')).some((n) => n.startsWith(`${server.child.pid}.`)),
        'a server that stops removes its own spill directory',
      );
    },
  );

  it(
    'clean-up: keeps the last SNAPSHOTS_KEPT published ones, the serving one and' +
      ' what running builds read; removes dead builds and unpublished leftovers',
    async () => {
      const d = dataDir();
      const at = (k: number) => `2020010${k}T000000000Z-00000${k}`;
      for (const k of [1, 2, 3, 4]) {
        mkdirSync(path.join(snapshotsDir(d), at(k)), { recursive: true });
        writeFileSync(path.join(snapshotsDir(d), at(k), 'economics.duckdb'), '');
      }
      // A build of this process that reads from snapshot 2, then snapshot 4 is published.
      writeFileSync(path.join(d, 'CURRENT'), `${at(2)}\n`);
      const running = await createSnapshotDir(d, SNAPSHOTS_KEPT_DEFAULT);
      await buildDuckdbConfig(d, '300MB'); // its spill directory
      writeFileSync(path.join(d, 'CURRENT'), `${at(4)}\n`);
      // A build killed with SIGKILL, with its spill directory and half-written CURRENT
      // (its own clean-up at build start is told to keep everything).
      const dead = spawnScript(
        `const p = await import('./src/store/publish.ts');
       const s = await import('./src/store/spill.ts');
       const b = await p.createSnapshotDir(${JSON.stringify(d)}, 100);
       const c = await s.buildDuckdbConfig(${JSON.stringify(d)}, '300MB');
       const fs = await import('node:fs');
       fs.mkdirSync(c.temp_directory, { recursive: true });
       fs.writeFileSync(${JSON.stringify(d)} + '/CURRENT.' + process.pid + '.tmp', b.name);
       console.log('built ' + b.name);
       setInterval(() => {}, 1000);`,
      );
      await waitFor(() => /built \S+\n/.test(dead.output()) || dead.child.exitCode !== null, 30_000, dead.output);
      await killHard(dead.child);
      const deadName = /built (\S+)/.exec(dead.output())![1]!;
      assert.ok(existsSync(path.join(snapshotsDir(d), deadName, BUILDING_MARKER)));
      assert.ok(readdirSync(path.join(d, 'tmp')).some((n) => n.startsWith(`${dead.child.pid}.`)));
      assert.deepEqual(
        snapshotNames(d),
        [at(1), at(2), at(3), at(4), deadName, running.name].sort(),
        'nothing removed yet',
      );
      // Newer than CURRENT and never published: an old one is a leftover, a fresh one may be a directory being created.
      const orphan = '20300101T000000000Z-0000aa';
      const fresh = '20300102T000000000Z-0000bb';
      mkdirSync(path.join(snapshotsDir(d), orphan));
      mkdirSync(path.join(snapshotsDir(d), fresh));
      const hourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(path.join(snapshotsDir(d), orphan), hourAgo, hourAgo);

      const removed = await cleanDataDir(d, 2);
      assert.deepEqual(removed, [at(1), deadName, orphan].sort());
      // 4 serves, 3 is the one kept before it, 2 is read by the running build.
      assert.deepEqual(snapshotNames(d), [at(2), at(3), at(4), running.name, fresh].sort());
      assert.ok(
        !readdirSync(path.join(d, 'tmp')).some((n) => n.startsWith(`${dead.child.pid}.`)),
        'dead spill directory removed',
      );
      assert.ok(!existsSync(path.join(d, `CURRENT.${dead.child.pid}.tmp`)));
      assert.ok(
        readdirSync(path.join(d, 'tmp')).some((n) => n.startsWith(`${process.pid}.`)),
        'a live process keeps its spill directory',
      );

      // Once the running build is gone, its base is an ordinary old snapshot.
      await discardSnapshot(d, running.name);
      assert.deepEqual(await cleanDataDir(d, 2), [at(2)]);
      assert.deepEqual(snapshotNames(d), [at(3), at(4), fresh]);
    },
  );

  it(
    'publishing is the last step: a rollback after it, or a clean-up with' +
      ' SNAPSHOTS_KEPT=1, never removes the published snapshot',
    async () => {
      const d = dataDir();
      const keep = SNAPSHOTS_KEPT_DEFAULT;
      const first = await createSnapshotDir(d, keep);
      const older = await createSnapshotDir(d, keep); // a concurrent build that started earlier, still running
      const second = await createSnapshotDir(d, keep);
      assert.ok(first.name < older.name && older.name < second.name);
      await publishSnapshot(d, first.name, 1);
      await publishSnapshot(d, second.name, 1);
      assert.equal(await readCurrentName(d), second.name);
      assert.ok(!existsSync(path.join(second.dir, BUILDING_MARKER)));
      // The failed build's rollback, run after a publish, keeps what was published.
      await discardSnapshot(d, second.name);
      assert.ok(existsSync(second.dir));
      // Keep 1: the previous one goes, the running build stays until it ends.
      assert.deepEqual(snapshotNames(d), [older.name, second.name]);
      await discardSnapshot(d, older.name);
      assert.deepEqual(snapshotNames(d), [second.name]);
    },
  );

  it(
    'SNAPSHOTS_KEPT bounds the snapshots left by repeated ingests (CURRENT always' +
      ' among them), and ingests report progress',
    async () => {
      const d = dataDir();
      const work = dataDir();
      const names: string[] = [];
      for (let k = 0; k < 4; k++) {
        const file = path.join(work, `gdp-${k}.csv`);
        writeFileSync(
          file,
          `Country Name,Country Code,Year,Value\nFrance,FRA,2022,${2.9e12 + k}\nItaly,ITA,2022,${2.1e12 + k}\n`,
        );
        const r = await ingestCli(d, ['worldbank', file, '--indicator', 'NY.GDP.MKTP.CD'], {
          SNAPSHOTS_KEPT: '2',
          DUCKDB_MEMORY_LIMIT: '256MB',
        });
        assert.equal(r.code, 0, r.out);
        assert.match(r.out, /progress: economics ingest: 0% copy kept series \(phase 1\/5\)/);
        assert.match(r.out, /progress: economics ingest: 100% done, [\d,]+ rows/);
        const current = (await readCurrentName(d))!;
        names.push(current);
        const left = snapshotNames(d);
        assert.ok(left.includes(current), `${current} in ${left.join(', ')}`);
        assert.equal(left.length, Math.min(k + 1, 2), `after ingest ${k + 1}: ${left.join(', ')}`);
      }
      assert.deepEqual(snapshotNames(d), names.slice(-2));
      assert.deepEqual(readdirSync(path.join(d, 'tmp')), [], 'finished ingests leave no spill directory');
    },
  );

  it('the server runs DuckDB under DUCKDB_MEMORY_LIMIT, spilling inside DATA_DIR, and builds do too', async () => {
    const d = dataDir();
    const config = await buildDuckdbConfig(d, '300MB');
    assert.equal(config.memory_limit, '300MB');
    assert.equal(config.preserve_insertion_order, 'false');
    assert.ok(config.temp_directory!.startsWith(path.join(d, 'tmp', `${process.pid}.`)), config.temp_directory);
    // A served snapshot: the smallest a server opens is an economics file with the catalogue.
    const { deriveSeriesStats, writeEconomicsCatalogue } = await import('../src/economics/tables.js');
    const snap = await createSnapshotDir(d, SNAPSHOTS_KEPT_DEFAULT);
    const db = await DuckDBInstance.create(
      path.join(snap.dir, 'economics.duckdb'),
      await buildDuckdbConfig(d, '300MB'),
    );
    const conn = await db.connect();
    await writeEconomicsCatalogue(conn);
    await deriveSeriesStats(conn);
    conn.closeSync();
    db.closeSync();
    await publishSnapshot(d, snap.name, SNAPSHOTS_KEPT_DEFAULT);
    // A leftover the server start removes: never published, newer than CURRENT.
    const leftover = path.join(snapshotsDir(d), '20990101T000000000Z-0000cc');
    mkdirSync(leftover);
    utimesSync(leftover, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    const cleaned: string[][] = [];
    const store = datasetStore({
      dataDir: d,
      queryTimeoutMs: 5000,
      pollMs: 60_000,
      duckdbMemoryLimit: '200MB',
      onClean: (r) => cleaned.push(r),
    });
    await store.start();
    try {
      assert.deepEqual(cleaned, [[path.basename(leftover)]]);
      assert.deepEqual(snapshotNames(d), [snap.name]);
      const [row] = await store.use((s) =>
        s.db.query<{ m: string; t: string }>(
          "SELECT current_setting('memory_limit') AS m, current_setting('temp_directory') AS t",
          { m: true, t: true },
        ),
      );
      assert.match(row!.m, /^19\d\.\d MiB$/, '200 MB');
      assert.ok(row!.t.startsWith(path.join(path.resolve(d), 'tmp', `${process.pid}.`)), row!.t);
    } finally {
      store.close();
    }
  });
});

describe('snapshot builder', () => {
  /** The smallest servable snapshot file: the economics catalogue. */
  const writeEconomics = (build: SnapshotBuild) =>
    build.writeFile('economics.duckdb', async (conn) => {
      await writeEconomicsCatalogue(conn);
      await deriveSeriesStats(conn);
    });
  const writeTrade = (build: SnapshotBuild) =>
    build.writeFile('trade.duckdb', async (conn) => {
      await conn.run('CREATE TABLE annual AS SELECT 1 AS value');
    });
  /** A server of `d`, reading one number of the snapshot it serves. */
  async function serve(d: string): Promise<SnapshotStore<number>> {
    const store = new SnapshotStore({
      dataDir: d,
      queryTimeoutMs: 5000,
      pollMs: 60_000,
      schema: SNAPSHOT_SCHEMA,
      load: async (db) =>
        (await db.query<{ n: number }>('SELECT count(*)::INTEGER AS n FROM econ.countries', { n: true }))[0]!.n,
    });
    await store.start();
    return store;
  }

  for (const failing of ['write', 'validate'] as const) {
    it(`a build failing in its ${failing} step is rolled back and the previous snapshot keeps serving`, async () => {
      const d = dataDir();
      const first = await buildSnapshot(d, { replaces: ['economics.duckdb'], write: writeEconomics });
      assert.deepEqual(first.carried, []);
      const store = await serve(d);
      try {
        let failed: SnapshotBuild | undefined;
        const build = buildSnapshot(d, {
          replaces: ['trade.duckdb'],
          write: async (b) => {
            failed = b;
            // The serving snapshot's other files are in place before the writer runs.
            assert.deepEqual(b.carried, ['economics.duckdb']);
            assert.ok(b.has('economics.duckdb'));
            const previous = path.join(snapshotsDir(d), first.name, 'economics.duckdb');
            assert.equal(b.previousFile('economics.duckdb'), previous);
            await writeTrade(b);
            if (failing === 'write') throw new Error('the writer failed');
          },
          validate: async (b) => {
            assert.ok(b.has('trade.duckdb'));
            throw new Error('the validation failed');
          },
        });
        await assert.rejects(build, new RegExp(`the ${failing === 'write' ? 'writer' : 'validation'} failed`));
        assert.ok(failed && !existsSync(failed.dir), 'the failed build’s directory is gone');
        assert.equal(await readCurrentName(d), first.name);
        assert.deepEqual(snapshotNames(d), [first.name]);
        assert.deepEqual(readdirSync(path.join(snapshotsDir(d), first.name)).sort(), ['economics.duckdb']);
        await store.refresh();
        assert.equal(store.current?.name, first.name);
        assert.ok((await store.use((s) => s.content)) > 0, 'the previous snapshot still answers');
      } finally {
        store.close();
      }
    });
  }

  it('a snapshot without an economics file is never published', async () => {
    const d = dataDir();
    const build = buildSnapshot(d, { replaces: ['trade.duckdb'], write: writeTrade });
    await assert.rejects(build, /has no economics\.duckdb/);
    assert.equal(await readCurrentName(d), undefined);
    assert.deepEqual(snapshotNames(d), []);
  });

  it('nothing fails after the publish: a clean-up failing after it leaves the published snapshot', async (t) => {
    const d = dataDir();
    const first = await buildSnapshot(d, { replaces: ['economics.duckdb'], write: writeEconomics });
    // A marker that cannot be read (a directory) makes every clean-up of DATA_DIR fail.
    const broken = path.join(snapshotsDir(d), '20000101T000000000Z-0000dd');
    mkdirSync(path.join(broken, BUILDING_MARKER), { recursive: true });
    const logged: string[] = [];
    t.mock.method(console, 'error', (line: string) => logged.push(line));
    const second = await buildSnapshot(d, { replaces: ['trade.duckdb'], write: writeTrade });
    const afterPublish = `snapshot clean-up after publishing ${second.name} failed`;
    assert.ok(
      logged.some((l) => l.startsWith(afterPublish)),
      logged.join('\n'),
    );
    assert.equal(await readCurrentName(d), second.name);
    const dir = path.join(snapshotsDir(d), second.name);
    assert.deepEqual(readdirSync(dir).sort(), ['economics.duckdb', 'trade.duckdb'], 'published, no longer marked');
    assert.deepEqual(second.carried, ['economics.duckdb']);
    // The rollback's own guard holds too: discarding a published snapshot keeps it.
    await discardSnapshot(d, second.name);
    assert.ok(existsSync(path.join(dir, 'economics.duckdb')));
    const store = await serve(d);
    try {
      assert.equal(store.current?.name, second.name);
    } finally {
      store.close();
    }
    assert.ok(existsSync(path.join(snapshotsDir(d), first.name)));
  });
  it('a build and a server keep the snapshotsKept they are given, whatever SNAPSHOTS_KEPT says', async (t) => {
    const d = dataDir();
    const before = process.env.SNAPSHOTS_KEPT;
    process.env.SNAPSHOTS_KEPT = '1';
    t.after(() => {
      if (before === undefined) delete process.env.SNAPSHOTS_KEPT;
      else process.env.SNAPSHOTS_KEPT = before;
    });
    const settings = { snapshotsKept: 3 };
    const names: string[] = [];
    for (let k = 0; k < 3; k++) {
      names.push((await buildSnapshot(d, { replaces: 'all', write: writeEconomics, settings })).name);
    }
    assert.deepEqual(snapshotNames(d), names, 'the clean-up after each publish keeps 3');
    // The clean-up before a build keeps them too: the build sees the three beside its own directory.
    let during: string[] = [];
    const fourth = await buildSnapshot(d, {
      replaces: 'all',
      settings,
      write: async (build) => {
        during = snapshotNames(d);
        await writeEconomics(build);
      },
    });
    assert.deepEqual(during, [...names, fourth.name]);
    assert.deepEqual(snapshotNames(d), [...names.slice(1), fourth.name]);
    // A server's clean-up at start, likewise; with 1 kept it leaves the serving one alone.
    const startAndStop = async (snapshotsKept: number) => {
      const store = new SnapshotStore({
        dataDir: d,
        queryTimeoutMs: 5000,
        pollMs: 60_000,
        schema: SNAPSHOT_SCHEMA,
        load: async () => 0,
        snapshotsKept,
      });
      await store.start();
      store.close();
    };
    await startAndStop(3);
    assert.deepEqual(snapshotNames(d), [...names.slice(1), fourth.name]);
    await startAndStop(1);
    assert.deepEqual(snapshotNames(d), [fourth.name]);
  });
});
