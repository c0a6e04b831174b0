import type { Settings } from '../settings.js';
import { meteringHook, quotaCheck, type CreditLedger } from './credits/index.js';
import type { AccessCheck } from './index.js';
import { LayeredKeyStore, type KeyStore } from './keys.js';
import { rateLimitCheck } from './rate-limit/index.js';
import { MemoryRateLimiter } from './rate-limit/memory.js';
import { SqliteCreditLedger } from './credits/sqlite.js';
import { openStateDatabase } from './sqlite/database.js';
import { SqliteKeyStore } from './stores/sqlite.js';
import type { AccountStore } from './accounts/store.js';
import type { RateLimiter } from './rate-limit/index.js';
import { SqliteAccountStore } from './stores/accounts-sqlite.js';
import { sqliteServerSecret } from './stores/server-secrets.js';

/** What the dashboard needs of the access backends. */
export interface DashboardBackend {
  accounts: AccountStore;
  /** The limiter of sign-in attempts (see accounts/sign-in-throttle.ts). */
  signInLimiter: RateLimiter;
  /** The HMAC key of CSRF tokens, kept in the state store (read once, then remembered). */
  csrfSecret: () => Promise<Buffer>;
}

export interface Access {
  mode: 'embedded' | 'distributed';
  keyStore: KeyStore;
  checks: AccessCheck[];
  onSend: ReturnType<typeof meteringHook>;
  /** Checks that the shared stores answer, by name (none in the embedded mode). */
  probes: Record<string, () => Promise<unknown>>;
  dashboard: DashboardBackend;
  /** The key page cursors are signed with, kept in the state store: every replica reads the same. */
  cursorSecret: () => Promise<Buffer>;
  close(): Promise<void>;
}

/** What each mode builds; `createAccess` adds the layered key store and the metering hook. */
export interface Backends extends Omit<Access, 'keyStore' | 'onSend'> {
  keys: KeyStore;
  ledger: CreditLedger;
}

export type RateDefaults = { defaultRequests: number; defaultWindowS: number };

/**
 * The access backends: embedded (state in a SQLite database in DATA_DIR, one process) or distributed
 * (REDIS_URL and DATABASE_URL: rate limits and live credits in Redis, keys and the
 * usage ledger in PostgreSQL, any number of replicas).
 */
export async function createAccess(settings: Settings, log: (msg: string) => void = () => undefined): Promise<Access> {
  const defaults = { defaultRequests: settings.rateLimitRequests, defaultWindowS: settings.rateLimitWindowS };
  const { keys, ledger, ...rest } =
    settings.redisUrl || settings.databaseUrl
      ? // Loaded only in this mode: the embedded one starts without the Redis and PostgreSQL clients.
        await (await import('./setup-distributed.js')).distributedBackends(settings, defaults, log)
      : embeddedBackends(settings, defaults);
  return { ...rest, keyStore: new LayeredKeyStore(settings.bootstrapApiKey, keys), onSend: meteringHook(ledger) };
}

function embeddedBackends(settings: Settings, defaults: RateDefaults): Backends {
  // One connection for keys and ledger: the ledger's commits do not move this
  // connection's `data_version`, and the keys are reloaded only when a key or an
  // account changed (`keys_version`).
  const db = openStateDatabase(settings.dataDir);
  const sqliteKeys = new SqliteKeyStore(db);
  const ledger = new SqliteCreditLedger(db);
  // The dashboard writes on its own connection, so that `data_version` moves and the
  // key store sees a key created or revoked there at its next poll.
  const dashboardDb = openStateDatabase(settings.dataDir);
  const secret = sqliteServerSecret(dashboardDb, 'dashboard');
  const cursorSecret = sqliteServerSecret(dashboardDb, 'cursors');
  return {
    mode: 'embedded',
    keys: sqliteKeys,
    ledger,
    checks: [rateLimitCheck({ limiter: new MemoryRateLimiter(), ...defaults }), quotaCheck(ledger)],
    probes: {},
    dashboard: {
      accounts: new SqliteAccountStore(dashboardDb),
      signInLimiter: new MemoryRateLimiter(),
      csrfSecret: async () => secret,
    },
    cursorSecret: async () => cursorSecret,
    close: async () => {
      sqliteKeys.close();
      db.close();
      dashboardDb.close();
    },
  };
}
