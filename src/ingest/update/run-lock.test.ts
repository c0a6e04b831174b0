import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { THIS_PROCESS } from '../../store/process-owner.js';
import { UpdateRunningError, lockDataDir, lockDeployment } from './run-lock.js';

describe('lockDataDir', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'econtrade-lock-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('lets one update hold DATA_DIR: a second fails at once naming the first, and takes it once freed', async () => {
    const release = await lockDataDir(dir);
    await assert.rejects(lockDataDir(dir), (err: Error) => {
      assert.ok(err instanceof UpdateRunningError);
      assert.match(err.message, new RegExp(`process ${process.pid} on ${THIS_PROCESS.host}, since \\d{4}-`));
      return true;
    });
    await release();
    assert.equal(existsSync(path.join(dir, 'update.lock')), false);
    await (
      await lockDataDir(dir)
    )();
  });

  it('takes over the lock of a process that is gone, and of another host after hours', async () => {
    const file = path.join(dir, 'update.lock');
    writeFileSync(
      file,
      JSON.stringify({ pid: 2 ** 22 + 17, host: THIS_PROCESS.host, start: 1, since: new Date().toISOString() }),
    );
    await (
      await lockDataDir(dir)
    )();
    writeFileSync(file, JSON.stringify({ pid: 1, host: 'elsewhere', start: 1, since: '2026-01-01T00:00:00Z' }));
    await (
      await lockDataDir(dir, new Date('2026-01-01T07:00:00Z'))
    )();
    writeFileSync(file, JSON.stringify({ pid: 1, host: 'elsewhere', start: 1, since: '2026-01-01T00:00:00Z' }));
    await assert.rejects(lockDataDir(dir, new Date('2026-01-01T01:00:00Z')), /process 1 on elsewhere/);
    rmSync(file);
  });
});

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

describe('lockDeployment (PostgreSQL)', () => {
  it('lets one update of a deployment run: a second fails at once, then takes it once released', async (t) => {
    const pools = [
      new pg.Pool({ connectionString: DATABASE_URL, max: 2 }),
      new pg.Pool({ connectionString: DATABASE_URL, max: 2 }),
    ];
    try {
      await pools[0]!.query('SELECT 1');
    } catch {
      if (process.env.REQUIRE_SERVICES === '1') throw new Error('PostgreSQL is needed at 127.0.0.1:5432');
      t.skip('PostgreSQL is not reachable');
      await Promise.all(pools.map((p) => p.end()));
      return;
    }
    try {
      const release = await lockDeployment(pools[0]!);
      await assert.rejects(lockDeployment(pools[1]!), UpdateRunningError);
      await release();
      await (
        await lockDeployment(pools[1]!)
      )();
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});
