import { isIP } from 'node:net';
import { availableParallelism, totalmem } from 'node:os';

/** Queries that may wait for a DuckDB connection of one lane, unless DUCKDB_QUEUE_MAX says otherwise. */
export const DUCKDB_QUEUE_MAX_DEFAULT = 512;
/** `TRADE_MEMORY_MB`: memory for the trade sums held in memory (slices of the product aggregates). */
export const TRADE_MEMORY_MB_DEFAULT = 1536;
/** `COMPLEXITY_CACHE_MB`: memory for the economic complexity years kept computed. */
export const COMPLEXITY_CACHE_MB_DEFAULT = 256;
/** `SNAPSHOTS_KEPT`: published snapshots kept on disk, the serving one included. */
export const SNAPSHOTS_KEPT_DEFAULT = 3;
/** `STORE_SNAPSHOTS_KEPT`: snapshots kept in the object store, the current one included. */
export const STORE_SNAPSHOTS_KEPT_DEFAULT = 3;
/** `QUERY_TIMEOUT_MS`: the deadline of a request's work, from its arrival. */
export const QUERY_TIMEOUT_MS_DEFAULT = 10_000;
/** `RESPONSE_CACHE_MB`: memory the answer cache may hold. */
export const RESPONSE_CACHE_MB_DEFAULT = 256;
/** `CACHE_MAX_AGE_S`: `Cache-Control` max-age of 200 answers. */
export const CACHE_MAX_AGE_S_DEFAULT = 60;
/** `LOG_LEVEL`: the least severe level the log keeps. */
export const LOG_LEVEL_DEFAULT = 'info';
/** `HEAVY_CONCURRENCY`: heavy answers (listings, rankings, markets, summaries) computed at once: one a core. */
export const HEAVY_CONCURRENCY_DEFAULT = Math.max(1, availableParallelism());
/** `WORKER_THREADS_NICE`: the nice value of the server's threads other than the one that reads requests. */
export const WORKER_THREADS_NICE_DEFAULT = 10;
/** `EXTRACT_CONCURRENCY`, `EXTRACT_IDLE_S`, `EXTRACT_TIMEOUT_MS`: the bounds of extracts (CONTRACT §9). */
export const EXTRACT_CONCURRENCY_DEFAULT = 2;
export const EXTRACT_IDLE_S_DEFAULT = 30;
export const EXTRACT_TIMEOUT_MS_DEFAULT = 600_000;
/** `SAMPLE_SCALE`: size of the generated trade sample (1 = at least 50 million annual observations). */
export const SAMPLE_SCALE_DEFAULT = 0.02;
/** `INGEST_MAX_BYTES`: the uncompressed bytes of any one file an ingest reads (20 GB; CONTRACT §9). */
export const INGEST_MAX_BYTES_DEFAULT = 20_000_000_000;

/**
 * Every operator setting, read once from the environment. Names carry their unit.
 */
export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  bootstrapApiKey: string | undefined;
  rateLimitRequests: number;
  rateLimitWindowS: number;
  /** Monthly credits of a key created in the dashboard, until an admin changes them. */
  defaultQuotaCredits: number;
  /**
   * `OPEN_SIGNUP_QUOTA_CREDITS`: monthly credits of an account made by open sign-up
   * (`SIGNUP=open`), shared by its keys; `DEFAULT_QUOTA_CREDITS` when unset.
   */
  openSignupQuotaCredits: number;
  /** Whether `/dashboard` is served (`DASHBOARD=on`, the default, or `off`). */
  dashboard: boolean;
  /**
   * `HEAVY_CONCURRENCY`: heavy answers computed at once; more wait their turn (up to
   * `DUCKDB_QUEUE_MAX` of them, then 503), so a cheap answer never waits behind many.
   */
  heavyConcurrency: number;
  /**
   * `WORKER_THREADS_NICE`: the nice value (0–19) of the server's other threads (DuckDB's,
   * libuv's pool, the worker pools), so the thread that reads requests runs first when
   * the cores are busy (Linux); 0 leaves them as they start.
   */
  workerThreadsNice: number;
  /** `EXTRACT_CONCURRENCY`: extracts (`/v1/trade/bulk`) a server writes at once; one per key. */
  extractConcurrency: number;
  /** `EXTRACT_IDLE_S`: seconds a client may read nothing of an extract before it is cut off. */
  extractIdleS: number;
  /** `EXTRACT_TIMEOUT_MS`: the longest one extract may take, from its request to its last byte. */
  extractTimeoutMs: number;
  /**
   * `CURSOR_SECRET`: the key that signs page cursors, the same on every replica; unset,
   * one is made once and kept in the state store (SQLite, or PostgreSQL when distributed).
   */
  cursorSecret: string | undefined;
  gatewaySecret: string | undefined;
  /** When set, `/metrics` needs `Authorization: Bearer <METRICS_TOKEN>`. */
  metricsToken: string | undefined;
  queryTimeoutMs: number;
  redisUrl: string | undefined;
  databaseUrl: string | undefined;
  /** Seed of the generated sample dataset: same seed and as-of date, same numbers. */
  sampleSeed: number;
  /** Size of the generated trade sample: 1 = at least 50 million annual observations. */
  sampleScale: number;
  /** Optional HS nomenclature CSV (section,hscode,description,parent,level) the trade sample draws products from. */
  sampleHsFile: string | undefined;
  /** Date (YYYY-MM-DD, UTC) the sample is generated as of; defaults to today. */
  sampleAsOf: string | undefined;
  /** How often a server checks DATA_DIR for a newly swapped-in snapshot. */
  snapshotPollMs: number;
  /** DuckDB `memory_limit` of the server and of every build (e.g. `4GB`); beyond it, work spills to DATA_DIR/tmp. */
  duckdbMemoryLimit: string;
  /** Published snapshots kept (the serving one included); older ones and unpublished leftovers are removed. */
  snapshotsKept: number;
  /**
   * `SNAPSHOT_STORE_URL`: `s3://bucket/prefix` of an S3-compatible store that builds
   * publish to and servers pull from; unset, snapshots stay in DATA_DIR.
   */
  snapshotStoreUrl: string | undefined;
  /** `STORE_SNAPSHOTS_KEPT`: snapshots kept in the store (the current one included). */
  storeSnapshotsKept: number;
  /** `SNAPSHOT_DOWNLOAD_MBPS`: a replica's download rate from the store, MB (10^6 bytes) a second; unset, unbounded. */
  snapshotDownloadMbps: number | undefined;
  /** `Cache-Control: private, max-age` of 200 answers, seconds. */
  cacheMaxAgeS: number;
  /** Memory the answer cache may hold, MiB; 0 disables it. */
  responseCacheMb: number;
  /** Memory for the trade aggregates held in memory, in MiB (`TRADE_MEMORY_MB`; 0 reads none ahead). */
  tradeMemoryMb: number;
  /** `LISTING_FILES`: whether listings are read from files written when a snapshot opens (on). */
  listingFiles: boolean;
  /**
   * `LISTING_MEMORY_MB`: memory for the listings, in MiB: the flows must fit (else no
   * listing is made), then each listing's entries, then copies of listings' rows; entries
   * beyond it are written to disk, where the page cache may drop them.
   */
  listingMemoryMb: number;
  /** `WARM_COPIES`: whether the sorted copies are read into DuckDB's buffers when a snapshot opens (on). */
  warmCopies: boolean;
  /** Queries that may wait for a DuckDB connection; more get 503 with Retry-After. */
  duckdbQueueMax: number;
  /** Memory for the economic complexity years kept computed, in MiB (`COMPLEXITY_CACHE_MB`). */
  complexityCacheMb: number;
  logLevel: string;
  /**
   * `TRUST_PROXY`: addresses or CIDRs of the proxies whose `X-Forwarded-For` and
   * `X-Forwarded-Proto` are believed (comma-separated); unset, nobody's.
   */
  trustProxy: string[] | undefined;
  /**
   * `PUBLIC_URL`: the origin every link of the dashboard's mail leads to (required with
   * SMTP_URL: a request's Host is the client's to choose, so no link is built from it).
   */
  publicOrigin: string | undefined;
  /** `SMTP_URL`: the SMTP relay (`smtp://` or `smtps://` URL) the dashboard mails through; unset, it sends none. */
  smtpUrl: string | undefined;
  /** `MAIL_FROM`: the From address of the dashboard's mail (needed with SMTP_URL). */
  mailFrom: string | undefined;
  /** `SIGNUP`: how dashboard accounts come to be (see SignupMode). */
  signup: SignupMode;
  /**
   * `INGEST_MAX_BYTES`: the uncompressed bytes of any one file an ingest reads (a
   * file, a zip's entry, a part of a workbook); beyond them the ingest fails naming it.
   */
  ingestMaxBytes: number;
  /** `SOURCES_DIR`: the folder of the source catalogue (CONTRACT §7); unset, the project's shipped `sources/`. */
  sourcesDir: string | undefined;
  /** `FRED_API_KEY`: the key FRED sources are fetched with; unset, they are skipped. */
  fredApiKey: string | undefined;
  /** `UPDATE_TIMEOUT_S`: seconds one request to an agency may take, its answer included. */
  updateTimeoutS: number;
  /** `UPDATE_NOW`: the update's clock (ISO 8601), for tests that put a revision on another day; unset, now. */
  updateNow: Date | undefined;
  /**
   * `TLS_CERT_FILE` and `TLS_KEY_FILE`: the PEM certificate (chain) and private key the
   * server serves HTTPS with (HTTP/2 and HTTP/1.1); unset, plain HTTP/1.1.
   */
  tls: TlsFiles | undefined;
}

/** The paths of a PEM certificate (chain) and of its private key. */
export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

/**
 * `verify`: sign-up mails a verification link, and keys wait for it (the default with
 * SMTP_URL); `open`: an account works at once (the default without); `closed`: no
 * sign-up, operators create accounts with `npm run accounts`.
 */
export type SignupMode = 'verify' | 'open' | 'closed';

/** An invalid setting: the message names the variable, what is wrong and how to fix it, on one line. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}

/** An integer setting: `fallback` when unset, an error naming the fix when below `min` (default 0). */
function intFrom(
  env: NodeJS.ProcessEnv,
  name: string,
  { fallback, min = 0, max }: { fallback: number; min?: number; max?: number },
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || (max !== undefined && n > max)) {
    throw new SettingsError(
      `${name} must be an integer >= ${min}${max === undefined ? '' : ` and <= ${max}`}, got "${raw}": ` +
        `set it to such a number or unset it for the default (${fallback})`,
    );
  }
  return n;
}

function numberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new SettingsError(
      `${name} must be a positive number, got "${raw}": ` +
        `set it to such a number or unset it for the default (${fallback})`,
    );
  return n;
}

function onOffFrom(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new SettingsError(
    `${name} must be "on" or "off", got "${raw}": set it to one of them or unset it for the default ` +
      `(${fallback ? 'on' : 'off'})`,
  );
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw === '' ? undefined : raw;
}

const MB = 1024 * 1024;
/** The units DuckDB's `memory_limit` accepts, in bytes. */
const SIZE_UNITS: Record<string, number> = {
  b: 1,
  bytes: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 1024,
  mib: MB,
  gib: 1024 * MB,
  tib: 1024 * 1024 * MB,
};
/** Below this DuckDB cannot hold even the working set of one sort or join. */
const MIN_MEMORY_LIMIT_BYTES = 64 * MB;

/**
 * A quarter of the machine's memory (or of the container's limit, if lower): the
 * server, a build and the rest of the machine can then run side by side, where
 * DuckDB's own default (80 %) let one build take the whole machine.
 */
export function defaultDuckdbMemoryLimit(): string {
  return `${Math.max(MIN_MEMORY_LIMIT_BYTES / MB, quarterOfMemoryMb())}MiB`;
}

/** A quarter of the machine's memory (or of the container's limit, if lower), in MiB. */
function quarterOfMemoryMb(): number {
  const constrained = process.constrainedMemory?.() ?? 0;
  const total = constrained > 0 ? Math.min(constrained, totalmem()) : totalmem();
  return Math.floor(total / 4 / MB);
}

/**
 * `LISTING_MEMORY_MB` by default: a quarter of the machine's memory, and at least 2 GiB
 * (an 11 M-row year takes 1.8 GiB with every listing's rows copied; a 10-year release
 * of 110 M flows 2.5 GiB of flows and 0.8 GiB of entries a listing).
 */
export const defaultListingMemoryMb = () => Math.max(2048, quarterOfMemoryMb());

/** A DuckDB size (`4GB`, `512 MiB`, `6.0 GiB` as `current_setting` shows it) in bytes; NaN when it is not one. */
export function sizeInBytes(raw: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(raw);
  const unit = m?.[2]?.toLowerCase();
  return m && unit && SIZE_UNITS[unit] !== undefined ? Number(m[1]) * SIZE_UNITS[unit] : NaN;
}

/** `DUCKDB_MEMORY_LIMIT`: a DuckDB size string (`4GB`, `512MB`, `1.5GiB`), normalised without spaces. */
export function duckdbMemoryLimitFrom(env: NodeJS.ProcessEnv): string {
  const raw = env.DUCKDB_MEMORY_LIMIT;
  if (raw === undefined || raw.trim() === '') return defaultDuckdbMemoryLimit();
  const bytes = sizeInBytes(raw);
  if (!(bytes >= MIN_MEMORY_LIMIT_BYTES)) {
    throw new SettingsError(
      `DUCKDB_MEMORY_LIMIT must be a size of at least 64MB such as 4GB or 512MB, got "${raw}": ` +
        `set it to such a size or unset it for the default (a quarter of memory, ${defaultDuckdbMemoryLimit()} here)`,
    );
  }
  return raw.replace(/\s+/g, '');
}

/** Where snapshots are kept in an S3-compatible store: `s3://bucket/prefix`. */
export interface StoreLocation {
  bucket: string;
  /** Without leading or trailing slash; '' for the bucket's root. */
  prefix: string;
}

/** `SNAPSHOT_STORE_URL` read: `s3://bucket` or `s3://bucket/prefix`. */
export function parseStoreUrl(url: string): StoreLocation {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url.trim());
  if (!m) throw new SettingsError(`SNAPSHOT_STORE_URL ${url} is not s3://bucket/prefix: set it to an S3 bucket URL`);
  return { bucket: m[1]!, prefix: (m[2] ?? '').split('/').filter(Boolean).join('/') };
}

/** `SNAPSHOT_STORE_URL`, checked when the settings are read (an ingest fails before its build, not after). */
function storeUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  const url = optional(env, 'SNAPSHOT_STORE_URL');
  if (url !== undefined) parseStoreUrl(url);
  return url;
}

/** `SNAPSHOTS_KEPT`: how many published snapshots stay on disk. */
export function snapshotsKeptFrom(env: NodeJS.ProcessEnv): number {
  return intFrom(env, 'SNAPSHOTS_KEPT', { fallback: SNAPSHOTS_KEPT_DEFAULT, min: 1 });
}

/** What a snapshot build, a server's snapshots and their clean-up run under. */
export type SnapshotSettings = Pick<
  Settings,
  'duckdbMemoryLimit' | 'snapshotsKept' | 'snapshotStoreUrl' | 'storeSnapshotsKept'
>;

/**
 * The snapshot settings a caller gave, each one it left out at its default: never
 * read from the environment, which `loadSettings` alone reads.
 */
export function snapshotSettings(given: Partial<SnapshotSettings>): SnapshotSettings {
  return {
    duckdbMemoryLimit: given.duckdbMemoryLimit ?? defaultDuckdbMemoryLimit(),
    snapshotsKept: given.snapshotsKept ?? SNAPSHOTS_KEPT_DEFAULT,
    snapshotStoreUrl: given.snapshotStoreUrl,
    storeSnapshotsKept: given.storeSnapshotsKept ?? STORE_SNAPSHOTS_KEPT_DEFAULT,
  };
}

/** `SMTP_URL`, `MAIL_FROM`, `PUBLIC_URL` and `SIGNUP`, checked together: each depends on the others. */
export function mailSettingsFrom(
  env: NodeJS.ProcessEnv,
): Pick<Settings, 'smtpUrl' | 'mailFrom' | 'publicOrigin' | 'signup'> {
  const smtpUrl = optional(env, 'SMTP_URL');
  const publicOrigin = publicOriginFrom(env);
  const mailFrom = optional(env, 'MAIL_FROM');
  const scheme = smtpUrl && URL.canParse(smtpUrl) ? new URL(smtpUrl).protocol : undefined;
  if (smtpUrl && scheme !== 'smtp:' && scheme !== 'smtps:') {
    throw new SettingsError(
      'SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465: ' +
        'set it to the relay the dashboard mails through, or unset it to send no mail',
    );
  }
  if (smtpUrl && !mailFrom) {
    throw new SettingsError('MAIL_FROM is required with SMTP_URL: set it to the From address of the dashboard mail');
  }
  if (smtpUrl && !publicOrigin) {
    throw new SettingsError(
      "PUBLIC_URL is required with SMTP_URL: set it to the service's public address such as " +
        'https://api.example.com, where the links of the dashboard mail lead',
    );
  }
  const signup = optional(env, 'SIGNUP') ?? (smtpUrl ? 'verify' : 'open');
  if (signup !== 'verify' && signup !== 'open' && signup !== 'closed') {
    throw new SettingsError(`SIGNUP must be "verify", "open" or "closed", got "${signup}": set it to one of them`);
  }
  if (signup === 'verify' && !smtpUrl) {
    throw new SettingsError(
      'SIGNUP=verify needs SMTP_URL to mail verification links: set SMTP_URL, or set SIGNUP to open or closed',
    );
  }
  return { smtpUrl, mailFrom, publicOrigin, signup };
}

/** Names proxy-addr takes for address ranges besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `TRUST_PROXY`: each entry an IP address, a CIDR or a range name; unset or empty trusts no proxy. */
export function trustProxyFrom(env: NodeJS.ProcessEnv): string[] | undefined {
  const raw = optional(env, 'TRUST_PROXY');
  if (!raw) return undefined;
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const version = isIP(address ?? '');
    const maxBits = version === 6 ? 128 : 32;
    const cidrOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (PROXY_RANGE_NAMES.includes(entry) || (version !== 0 && cidrOk && extra === undefined)) continue;
    throw new SettingsError(
      `TRUST_PROXY must list proxy addresses or CIDRs separated by commas (such as 10.0.0.0/8,127.0.0.1), ` +
        `got "${entry}": set it to the addresses of your load balancers, or unset it to trust no proxy`,
    );
  }
  return entries.length ? entries : undefined;
}

/** `UPDATE_NOW`: a date-time the update takes for now. */
function updateNowFrom(env: NodeJS.ProcessEnv): Date | undefined {
  const raw = optional(env, 'UPDATE_NOW');
  if (raw === undefined) return undefined;
  const at = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(raw) || Number.isNaN(at.getTime()))
    throw new SettingsError(`UPDATE_NOW must be an ISO 8601 date-time such as 2026-11-28T06:00:00Z, got "${raw}"`);
  return at;
}

/** `CURSOR_SECRET`: at least 32 characters, so that no one guesses it. */
export function cursorSecretFrom(env: NodeJS.ProcessEnv): string | undefined {
  const raw = optional(env, 'CURSOR_SECRET');
  if (raw !== undefined && raw.length < 32) {
    throw new SettingsError(
      `CURSOR_SECRET must be at least 32 characters, got ${raw.length}: set it to a long random value ` +
        '(the same on every replica), such as the output of `openssl rand -hex 32`, or unset it',
    );
  }
  return raw;
}

/** `PUBLIC_URL`: an http(s) URL; its origin is kept (a path, query or fragment is dropped). */
export function publicOriginFrom(env: NodeJS.ProcessEnv): string | undefined {
  const raw = optional(env, 'PUBLIC_URL');
  if (!raw) return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new SettingsError(
      `PUBLIC_URL must be the service's public http(s) address such as https://api.example.com, got "${raw}": ` +
        'set it to the address users reach (the links of the dashboard mail lead there)',
    );
  }
  return url.origin;
}

/** `TLS_CERT_FILE` and `TLS_KEY_FILE`: both or neither (their content is read at start, see readTls). */
export function tlsFrom(env: NodeJS.ProcessEnv): TlsFiles | undefined {
  const certFile = optional(env, 'TLS_CERT_FILE');
  const keyFile = optional(env, 'TLS_KEY_FILE');
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined) {
    const [set, unset, what] =
      certFile === undefined
        ? ['TLS_KEY_FILE', 'TLS_CERT_FILE', 'certificate']
        : ['TLS_CERT_FILE', 'TLS_KEY_FILE', 'private key'];
    throw new SettingsError(
      `${unset} is required with ${set}: set ${unset} to the PEM ${what} file, or unset ${set} to serve plain HTTP`,
    );
  }
  return { certFile, keyFile };
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const defaultQuotaCredits = intFrom(env, 'DEFAULT_QUOTA_CREDITS', { fallback: 10_000 });
  return {
    port: intFrom(env, 'PORT', { fallback: 8080 }),
    host: optional(env, 'HOST') ?? '127.0.0.1',
    dataDir: optional(env, 'DATA_DIR') ?? './data',
    bootstrapApiKey: optional(env, 'BOOTSTRAP_API_KEY'),
    rateLimitRequests: intFrom(env, 'RATE_LIMIT_REQUESTS', { fallback: 600, min: 1 }),
    rateLimitWindowS: intFrom(env, 'RATE_LIMIT_WINDOW_S', { fallback: 60, min: 1 }),
    defaultQuotaCredits,
    openSignupQuotaCredits: intFrom(env, 'OPEN_SIGNUP_QUOTA_CREDITS', { fallback: defaultQuotaCredits }),
    dashboard: onOffFrom(env, 'DASHBOARD', true),
    heavyConcurrency: intFrom(env, 'HEAVY_CONCURRENCY', { fallback: HEAVY_CONCURRENCY_DEFAULT, min: 1 }),
    workerThreadsNice: intFrom(env, 'WORKER_THREADS_NICE', { fallback: WORKER_THREADS_NICE_DEFAULT, min: 0, max: 19 }),
    extractConcurrency: intFrom(env, 'EXTRACT_CONCURRENCY', { fallback: EXTRACT_CONCURRENCY_DEFAULT, min: 1 }),
    extractIdleS: intFrom(env, 'EXTRACT_IDLE_S', { fallback: EXTRACT_IDLE_S_DEFAULT, min: 1 }),
    extractTimeoutMs: intFrom(env, 'EXTRACT_TIMEOUT_MS', { fallback: EXTRACT_TIMEOUT_MS_DEFAULT, min: 1 }),
    cursorSecret: cursorSecretFrom(env),
    gatewaySecret: optional(env, 'GATEWAY_SECRET'),
    metricsToken: optional(env, 'METRICS_TOKEN'),
    queryTimeoutMs: intFrom(env, 'QUERY_TIMEOUT_MS', { fallback: QUERY_TIMEOUT_MS_DEFAULT, min: 1 }),
    redisUrl: optional(env, 'REDIS_URL'),
    databaseUrl: optional(env, 'DATABASE_URL'),
    sampleSeed: intFrom(env, 'SAMPLE_SEED', { fallback: 20240101 }),
    sampleAsOf: optional(env, 'SAMPLE_AS_OF'),
    sampleScale: numberFrom(env, 'SAMPLE_SCALE', SAMPLE_SCALE_DEFAULT),
    sampleHsFile: optional(env, 'SAMPLE_HS_FILE'),
    snapshotPollMs: intFrom(env, 'SNAPSHOT_POLL_MS', { fallback: 1000, min: 50 }),
    duckdbMemoryLimit: duckdbMemoryLimitFrom(env),
    snapshotsKept: snapshotsKeptFrom(env),
    snapshotStoreUrl: storeUrlFrom(env),
    storeSnapshotsKept: intFrom(env, 'STORE_SNAPSHOTS_KEPT', { fallback: STORE_SNAPSHOTS_KEPT_DEFAULT, min: 1 }),
    snapshotDownloadMbps: env.SNAPSHOT_DOWNLOAD_MBPS ? numberFrom(env, 'SNAPSHOT_DOWNLOAD_MBPS', 1) : undefined,
    cacheMaxAgeS: intFrom(env, 'CACHE_MAX_AGE_S', { fallback: CACHE_MAX_AGE_S_DEFAULT }),
    responseCacheMb: intFrom(env, 'RESPONSE_CACHE_MB', { fallback: RESPONSE_CACHE_MB_DEFAULT }),
    tradeMemoryMb: intFrom(env, 'TRADE_MEMORY_MB', { fallback: TRADE_MEMORY_MB_DEFAULT }),
    listingFiles: onOffFrom(env, 'LISTING_FILES', true),
    listingMemoryMb: intFrom(env, 'LISTING_MEMORY_MB', { fallback: defaultListingMemoryMb() }),
    warmCopies: onOffFrom(env, 'WARM_COPIES', true),
    duckdbQueueMax: intFrom(env, 'DUCKDB_QUEUE_MAX', { fallback: DUCKDB_QUEUE_MAX_DEFAULT }),
    complexityCacheMb: intFrom(env, 'COMPLEXITY_CACHE_MB', { fallback: COMPLEXITY_CACHE_MB_DEFAULT, min: 1 }),
    logLevel: optional(env, 'LOG_LEVEL') ?? LOG_LEVEL_DEFAULT,
    trustProxy: trustProxyFrom(env),
    ...mailSettingsFrom(env),
    ingestMaxBytes: intFrom(env, 'INGEST_MAX_BYTES', { fallback: INGEST_MAX_BYTES_DEFAULT, min: 1 }),
    sourcesDir: optional(env, 'SOURCES_DIR'),
    fredApiKey: optional(env, 'FRED_API_KEY'),
    updateTimeoutS: intFrom(env, 'UPDATE_TIMEOUT_S', { fallback: 30, min: 1 }),
    updateNow: updateNowFrom(env),
    tls: tlsFrom(env),
  };
}
