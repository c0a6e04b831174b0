import { Redis } from 'ioredis';
import type { Settings } from '../settings.js';
import { DistributedCreditLedger } from './credits/distributed.js';
import { meteringHook, quotaCheck, type CreditLedger } from './credits/index.js';
import type { AccessCheck } from './index.js';
import { LayeredKeyStore, type KeyStore } from './keys.js';
import { rateLimitCheck } from './rate-limit/index.js';
import { distributedLimitsCheck } from './distributed-limits.js';
import { MemoryRateLimiter } from './rate-limit/memory.js';
import { SqliteCreditLedger } from './credits/sqlite.js';
import { openStateDatabase } from './sqlite/database.js';
import { SqliteKeyStore } from './stores/sqlite.js';
import { PgKeyStore, createPool, migrate } from './stores/postgres.js';

export interface Access {
  mode: 'embedded' | 'distributed';
  keyStore: KeyStore;
  checks: AccessCheck[];
  onSend: ReturnType<typeof meteringHook>;
  /** Checks that the shared stores answer, by name (none in the embedded mode). */
  probes: Record<string, () => Promise<unknown>>;
  close(): Promise<void>;
}

/**
 * The access backends: embedded (state in a SQLite database in DATA_DIR, one process) or distributed
 * (REDIS_URL and DATABASE_URL: rate limits and live credits in Redis, keys and the
 * usage ledger in PostgreSQL, any number of replicas).
 */
export async function createAccess(settings: Settings, log: (msg: string) => void = () => undefined): Promise<Access> {
  let keys: KeyStore;
  let ledger: CreditLedger;
  let checks: AccessCheck[];
  let close: () => Promise<void>;
  let mode: Access['mode'];
  let probes: Access['probes'] = {};
  const defaults = { defaultRequests: settings.rateLimitRequests, defaultWindowS: settings.rateLimitWindowS };
  if (settings.redisUrl || settings.databaseUrl) {
    if (!settings.redisUrl || !settings.databaseUrl)
      throw new Error('the distributed mode needs both REDIS_URL and DATABASE_URL');
    mode = 'distributed';
    // Commands fail at once while Redis is unreachable (answered 503); the client reconnects by itself.
    const redis = new Redis(settings.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 1000,
      retryStrategy: (times) => Math.min(100 * times, 1000),
    });
    redis.on('error', () => undefined);
    const pool = createPool(settings.databaseUrl);
    const pgKeys = new PgKeyStore(pool);
    await startWhenReachable(async () => {
      const applied = await migrate(pool);
      if (applied.length) log(`applied database migrations ${applied.join(', ')}`);
      await pgKeys.start();
    }, log);
    keys = pgKeys;
    const distributed = new DistributedCreditLedger(redis, pool);
    ledger = distributed;
    checks = [distributedLimitsCheck(distributed, defaults)];
    probes = { redis: () => redis.ping(), postgres: () => pool.query('SELECT 1') };
    close = async () => {
      pgKeys.close();
      redis.disconnect();
      await pool.end();
    };
  } else {
    mode = 'embedded';
    // One connection for keys and ledger: `data_version` then moves only on the CLI's writes.
    const db = openStateDatabase(settings.dataDir);
    const sqliteKeys = new SqliteKeyStore(db);
    keys = sqliteKeys;
    ledger = new SqliteCreditLedger(db);
    checks = [rateLimitCheck({ limiter: new MemoryRateLimiter(), ...defaults }), quotaCheck(ledger)];
    close = async () => {
      sqliteKeys.close();
      db.close();
    };
  }
  return {
    mode,
    keyStore: new LayeredKeyStore(settings.bootstrapApiKey, keys),
    checks,
    onSend: meteringHook(ledger),
    probes,
    close,
  };
}

/** Runs `start` now; if a dependency is down, keeps retrying in the background (requests get 503 meanwhile). */
async function startWhenReachable(start: () => Promise<void>, log: (msg: string) => void): Promise<void> {
  try {
    await start();
  } catch (err) {
    log(`PostgreSQL not reachable yet (${(err as Error).message}); retrying every second`);
    const retry = setInterval(() => {
      start().then(
        () => {
          clearInterval(retry);
          log('PostgreSQL reachable: keys loaded');
        },
        () => undefined,
      );
    }, 1000);
    retry.unref();
  }
}
