import { Redis } from 'ioredis';
import type { Settings } from '../settings.js';
import { DistributedCreditLedger } from './credits/distributed.js';
import { LedgerFold } from './credits/ledger-fold.js';
import { distributedLimitsCheck } from './distributed-limits.js';
import { RedisRateLimiter } from './rate-limit/redis.js';
import type { Backends, RateDefaults } from './setup.js';
import { PgAccountStore } from './stores/accounts-postgres.js';
import { PgKeyStore, createPool, migrate } from './stores/postgres.js';
import { pgServerSecret } from './stores/server-secrets.js';

/** Remembers a successful answer of `read`; a failed one is tried again at the next call. */
function remembered<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= read();
    value.catch(() => (value = undefined));
    return value;
  };
}

/**
 * The distributed mode (REDIS_URL and DATABASE_URL): rate limits and live credits in
 * Redis, keys, accounts and the usage ledger in PostgreSQL, any number of replicas.
 */
export async function distributedBackends(
  settings: Settings,
  defaults: RateDefaults,
  log: (msg: string) => void,
): Promise<Backends> {
  if (!settings.redisUrl || !settings.databaseUrl)
    throw new Error('the distributed mode needs both REDIS_URL and DATABASE_URL');
  // Commands fail at once while Redis is unreachable (answered 503); the client reconnects by itself.
  const redis = new Redis(settings.redisUrl, {
    enableOfflineQueue: false,
    // Commands of one turn of the event loop (the requests that arrived together) go in one write.
    enableAutoPipelining: true,
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
  // The usage ledger's own connections: its commits do not wait for the disk flush.
  const ledgerPool = createPool(settings.databaseUrl, { max: 4, asynchronousCommit: true });
  const ledger = new DistributedCreditLedger(redis, pool, { ledgerPg: ledgerPool });
  // Moves the calls recorded by every replica into the ledger and its rollup.
  const fold = new LedgerFold(ledgerPool);
  fold.start();
  return {
    mode: 'distributed',
    keys: pgKeys,
    ledger,
    checks: [distributedLimitsCheck(ledger, defaults)],
    probes: { redis: () => redis.ping(), postgres: () => pool.query('SELECT 1') },
    // Sign-in attempts are counted in Redis, so that spreading guesses over replicas gains nothing.
    dashboard: {
      accounts: new PgAccountStore(pool),
      signInLimiter: new RedisRateLimiter(redis),
      csrfSecret: remembered(() => pgServerSecret(pool, 'dashboard')),
    },
    cursorSecret: remembered(() => pgServerSecret(pool, 'cursors')),
    close: async () => {
      pgKeys.close();
      await fold.stop();
      redis.disconnect();
      await Promise.all([pool.end(), ledgerPool.end()]);
    },
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
