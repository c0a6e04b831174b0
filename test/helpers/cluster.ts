import { rmSync } from 'node:fs';
import {
  createDatabase,
  sampleDataDir,
  startRedis,
  startServerProcess,
  type RedisProcess,
  type ServerProcess,
} from './processes.js';

/** Replicas of the distributed backend over one sample DATA_DIR, and the Redis and PostgreSQL they share. */
export interface Cluster {
  /** The settings every replica got: DATA_DIR, REDIS_URL, DATABASE_URL and those asked for. */
  env: Record<string, string>;
  redis: RedisProcess;
  db: Awaited<ReturnType<typeof createDatabase>>;
  /** A test may replace a replica in place (a restart); `close` stops those there then. */
  replicas: ServerProcess[];
  /** Stops the replicas and Redis, drops the database and removes DATA_DIR. */
  close(): Promise<void>;
}

/** Starts `size` replicas sharing a private Redis and a fresh PostgreSQL database. */
export async function startCluster(settings: Record<string, string> = {}, size = 2): Promise<Cluster> {
  const dataDir = await sampleDataDir();
  let redis: RedisProcess | undefined;
  let db: Cluster['db'] | undefined;
  // Undoes whatever has started, also when a later step failed.
  const close = async (replicas: ServerProcess[]) => {
    await Promise.all(replicas.map((r) => r.stop('SIGKILL')));
    await redis?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    redis = await startRedis();
    db = await createDatabase();
  } catch (err) {
    await close([]);
    throw err;
  }
  const env = { DATA_DIR: dataDir, REDIS_URL: redis.url, DATABASE_URL: db.url, ...settings };
  const started = await Promise.allSettled(Array.from({ length: size }, () => startServerProcess(env)));
  const replicas = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await close(replicas);
    throw failed.reason;
  }
  return { env, redis, db, replicas, close: () => close(replicas) };
}
