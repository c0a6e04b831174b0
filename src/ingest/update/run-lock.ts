import { readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { THIS_PROCESS, ownerAlive, type Owner } from '../../store/process-owner.js';

/** Another update holds the lock: the message names it (CONTRACT §7: the second exits 1 at once). */
export class UpdateRunningError extends Error {
  override name = 'UpdateRunningError';
}

/** What the lock file says of the update holding it. */
interface Holder extends Owner {
  since: string;
}

/** A lock of another host untouched for this long belongs to a dead update. */
const FOREIGN_STALE_MS = 6 * 3_600_000;

const lockFile = (dataDir: string) => path.join(dataDir, 'update.lock');

const describe = (h: Holder | undefined) =>
  h ? `process ${h.pid} on ${h.host}, since ${h.since}` : 'a process whose lock file is being written';

async function readHolder(file: string): Promise<Holder | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Holder;
  } catch {
    return undefined;
  }
}

/**
 * Takes the update lock of `dataDir` (`DATA_DIR/update.lock`, created exclusively), or
 * fails at once naming the update that holds it. A lock whose process is gone (this
 * host), or another host's untouched for hours, is taken over. Returns its release.
 */
export async function lockDataDir(dataDir: string, now = new Date()): Promise<() => Promise<void>> {
  const file = lockFile(dataDir);
  const mine: Holder = { ...THIS_PROCESS, since: now.toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, JSON.stringify(mine), { flag: 'wx' });
      return async () => {
        const holder = await readHolder(file);
        if (holder && holder.pid === mine.pid && holder.host === mine.host) await unlink(file).catch(() => undefined);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = await readHolder(file);
    const alive = holder ? (ownerAlive(holder) ?? now.getTime() - Date.parse(holder.since) < FOREIGN_STALE_MS) : true;
    if (alive) throw new UpdateRunningError(`another update is running in ${dataDir}: ${describe(holder)}`);
    await unlink(file).catch(() => undefined);
  }
  throw new UpdateRunningError(`another update took the lock of ${dataDir} first`);
}

/** The advisory lock every update of one PostgreSQL deployment takes (a fixed key of this service). */
const ADVISORY_KEY = 7_203_115_001;

/**
 * With `DATABASE_URL`: the deployment-wide update lock, a session advisory lock held
 * on a connection of its own until released (or until the process dies, when
 * PostgreSQL drops it). Fails at once when another update holds it.
 */
export async function lockDeployment(pool: pg.Pool): Promise<() => Promise<void>> {
  const client = await pool.connect();
  try {
    const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [ADVISORY_KEY]);
    if (!r.rows[0]?.ok) throw new UpdateRunningError('another update of this deployment is running (PostgreSQL lock)');
  } catch (err) {
    client.release();
    throw err;
  }
  return async () => {
    try {
      await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_KEY]);
    } finally {
      client.release();
    }
  };
}
