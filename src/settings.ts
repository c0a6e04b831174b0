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
  gatewaySecret: string | undefined;
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
  logLevel: string;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  }
  return n;
}

function numberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw === '' ? undefined : raw;
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  return {
    port: intFrom(env, 'PORT', 8080),
    host: optional(env, 'HOST') ?? '127.0.0.1',
    dataDir: optional(env, 'DATA_DIR') ?? './data',
    bootstrapApiKey: optional(env, 'BOOTSTRAP_API_KEY'),
    rateLimitRequests: intFrom(env, 'RATE_LIMIT_REQUESTS', 600, 1),
    rateLimitWindowS: intFrom(env, 'RATE_LIMIT_WINDOW_S', 60, 1),
    gatewaySecret: optional(env, 'GATEWAY_SECRET'),
    queryTimeoutMs: intFrom(env, 'QUERY_TIMEOUT_MS', 10_000, 1),
    redisUrl: optional(env, 'REDIS_URL'),
    databaseUrl: optional(env, 'DATABASE_URL'),
    sampleSeed: intFrom(env, 'SAMPLE_SEED', 20240101),
    sampleAsOf: optional(env, 'SAMPLE_AS_OF'),
    sampleScale: numberFrom(env, 'SAMPLE_SCALE', 0.02),
    sampleHsFile: optional(env, 'SAMPLE_HS_FILE'),
    snapshotPollMs: intFrom(env, 'SNAPSHOT_POLL_MS', 1000, 50),
    logLevel: optional(env, 'LOG_LEVEL') ?? 'info',
  };
}
