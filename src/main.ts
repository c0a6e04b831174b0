import { buildApp, type App } from './app.js';
import { useCursorSecret } from './http/cursor.js';
import { createAccess, type Access } from './access/setup.js';
import type { MailSettings } from './dashboard/mailer.js';
import { openSignupWarning } from './dashboard/open-signup-warning.js';
import { datasetStore, type DatasetStore } from './datasets.js';
import { createLogger, fatalLine, flushLog, progressLog, type Logger } from './log.js';
import { SettingsError, loadSettings, type Settings } from './settings.js';
import { keepMainThreadFirst } from './thread-priority.js';
import { assertCanListen, assertWritableDataDir, listenProblem } from './startup.js';
import { readTls, reloadTlsOnSighup } from './http/tls.js';
import type { Server as TlsServer } from 'node:tls';
import { readCurrentName } from './store/snapshot-layout.js';
import { SnapshotPuller } from './store/store-pull.js';
import { setWarningSink } from './store/warnings.js';
import { readUpdateState } from './ingest/update/source-state.js';
import { closeComplexityPool } from './trade/complexity/pool.js';
import { closeSliceSumPool } from './trade/slice-sums-pool.js';
import { closeObservationWriter } from './trade/observation-json-thread.js';

/** How long a stop signal waits for in-flight requests and connections before the process exits. */
const SHUTDOWN_BOUND_MS = 10_000;

/**
 * SIGTERM and SIGINT: stop accepting connections, finish the requests in flight,
 * close the stores, exit 0. A second signal, or in-flight work that outlives
 * SHUTDOWN_BOUND_MS, ends the process anyway (exit 1).
 */
function onStopSignals(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, `${signal}: no new connections; finishing the requests in flight`);
    setTimeout(() => {
      logger.error(`shutdown took longer than ${SHUTDOWN_BOUND_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_BOUND_MS).unref();
    await stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** The sample dataset on a DATA_DIR without data (first start), with its progress in the log. */
async function ensureSample(settings: Settings, logger: Logger): Promise<void> {
  if (await readCurrentName(settings.dataDir)) return;
  // The sample generator is loaded only when it is needed: a restart does not pay for it.
  const { buildSampleSnapshot } = await import('./sample/index.js');
  const built = await buildSampleSnapshot(settings.dataDir, {
    seed: settings.sampleSeed,
    asOf: settings.sampleAsOf,
    scale: settings.sampleScale,
    hsFile: settings.sampleHsFile,
    settings,
    progress: progressLog(logger),
  });
  logger.info(
    { snapshot: built.snapshot, duration_ms: built.durationMs },
    `built the sample dataset in ${built.durationMs} ms: ` +
      `${built.series} series, ${built.observations} observations; trade: ${built.trade.annual} annual ` +
      `and ${built.trade.monthly} monthly rows over ${built.trade.products} products (snapshot ${built.snapshot})`,
  );
}

/**
 * Keeps DATA_DIR on the object store's current snapshot (`SNAPSHOT_STORE_URL`), each
 * download proven by opening it as `store` opens what it serves.
 */
function startPuller(settings: Settings, logger: Logger, store: DatasetStore): SnapshotPuller {
  const puller = new SnapshotPuller({
    dataDir: settings.dataDir,
    url: settings.snapshotStoreUrl!,
    pollMs: settings.snapshotPollMs,
    snapshotsKept: settings.snapshotsKept,
    downloadMbps: settings.snapshotDownloadMbps,
    prove: (dir, name) => store.prove(dir, name),
    log: { info: (m) => logger.info(m), error: (m) => logger.error(m) },
  });
  logger.info(`snapshots from ${puller.status.store}, polled every ${settings.snapshotPollMs} ms`);
  puller.start();
  return puller;
}

/** The served snapshots (opened by its `start`). */
function snapshotStore(settings: Settings, logger: Logger): DatasetStore {
  const store: DatasetStore = datasetStore({
    dataDir: settings.dataDir,
    queryTimeoutMs: settings.queryTimeoutMs,
    pollMs: settings.snapshotPollMs,
    duckdbMemoryLimit: settings.duckdbMemoryLimit,
    duckdbQueueMax: settings.duckdbQueueMax,
    memorySumsBytes: settings.tradeMemoryMb * 2 ** 20,
    listingFiles: settings.listingFiles,
    listingMemoryBytes: settings.listingMemoryMb * 2 ** 20,
    warmCopies: settings.warmCopies,
    onListingFile: (r) =>
      r.written
        ? logger.info(
            r,
            `listing file of ${r.kind}s written: ${r.rows} rows in ${r.seconds.toFixed(1)} s` +
              (r.inMemory ? ', held in memory' : ''),
          )
        : logger.warn(
            r,
            `listing file of ${r.kind}s not written (${r.reason}); ` +
              (r.kind === 'heading' ? "their codes' listing file or DuckDB answers" : 'DuckDB answers') +
              ' those listings',
          ),
    complexityCacheBytes: settings.complexityCacheMb * 2 ** 20,
    snapshotsKept: settings.snapshotsKept,
    onClean: (removed) =>
      logger.info({ removed }, `removed ${removed.length} unpublished or superseded snapshot(s): ${removed.join(' ')}`),
    onSwap: (name) => {
      logger.info({ snapshot: name }, `serving snapshot ${name}`);
      // Read the new snapshot's observations now, not at its first history request.
      void store.current?.content.observations.get().catch(() => undefined);
    },
    onError: (err) => logger.error({ err }, 'snapshot refresh failed; still serving the previous one'),
  });
  return store;
}

/**
 * The dashboard's mail settings, or undefined without SMTP_URL (with which the settings
 * require MAIL_FROM and PUBLIC_URL).
 */
function mailSettings(settings: Settings): MailSettings | undefined {
  const { smtpUrl, mailFrom, publicOrigin } = settings;
  return smtpUrl && mailFrom && publicOrigin ? { url: smtpUrl, from: mailFrom, publicOrigin } : undefined;
}

/**
 * Signs cursors with the key every replica shares: CURSOR_SECRET, else the one kept in
 * the state store. While the store cannot be read (PostgreSQL down at start) it is
 * asked again every few seconds, and this replica's cursors hold only here meanwhile.
 */
async function shareCursorKey(settings: Settings, access: Access, logger: Logger): Promise<void> {
  if (settings.cursorSecret) return useCursorSecret(settings.cursorSecret);
  try {
    useCursorSecret(await access.cursorSecret());
  } catch (err) {
    logger.warn({ err }, 'the cursor key could not be read from the state store yet; asking again every 2 s');
    const timer = setInterval(() => {
      access.cursorSecret().then(
        (secret) => {
          useCursorSecret(secret);
          clearInterval(timer);
          logger.info('cursors are signed with the shared key');
        },
        () => undefined,
      );
    }, 2_000);
    timer.unref();
  }
}

/** Listens on HOST:PORT; with TLS, a SIGHUP from now on reloads the certificate (never stops the process). */
async function listen(app: App, settings: Settings, logger: Logger): Promise<void> {
  if (settings.tls) reloadTlsOnSighup(app.server as unknown as TlsServer, settings.tls, logger);
  await app.listen({ port: settings.port, host: settings.host }).catch((err: unknown) => {
    throw listenProblem(err, settings.host, settings.port) ?? err;
  });
  if (settings.tls) {
    logger.info(`serving HTTPS (HTTP/2 and HTTP/1.1) with TLS_CERT_FILE ${settings.tls.certFile}; SIGHUP reloads it`);
  }
}

/** How long, how many at once and how much the server computes, writes and keeps of answers. */
function servingBounds(settings: Settings) {
  return {
    extracts: {
      concurrency: settings.extractConcurrency,
      idleMs: settings.extractIdleS * 1000,
      timeoutMs: settings.extractTimeoutMs,
    },
    queryTimeoutMs: settings.queryTimeoutMs,
    cacheMaxAgeS: settings.cacheMaxAgeS,
    heavy: { concurrency: settings.heavyConcurrency, maxWaiting: settings.duckdbQueueMax },
    responseCacheBytes: settings.responseCacheMb * 2 ** 20,
  };
}

async function main(): Promise<void> {
  const settings = loadSettings();
  const logger = createLogger(settings.logLevel);
  setWarningSink((message) => logger.warn(message));
  const openSignup = openSignupWarning(settings);
  if (openSignup)
    logger.warn({ signup: 'open', open_signup_quota_credits: settings.openSignupQuotaCredits }, openSignup);
  assertWritableDataDir(settings.dataDir);
  // Read and checked now, before a sample build, as every other setting is.
  const tls = settings.tls ? readTls(settings.tls) : undefined;
  await assertCanListen(settings.host, settings.port);
  const store = snapshotStore(settings, logger);
  // A replica of an object store takes its snapshots from there, never builds the sample.
  const puller = settings.snapshotStoreUrl ? startPuller(settings, logger, store) : undefined;
  if (!puller) await ensureSample(settings, logger);
  // Independent: the snapshot's DuckDB files and the access state open side by side.
  const [, access] = await Promise.all([store.start(), createAccess(settings, (msg) => logger.info(msg))]);
  logger.info({ mode: access.mode }, `access control: ${access.mode}`);
  await shareCursorKey(settings, access, logger);
  const app = await buildApp({
    store,
    keyStore: access.keyStore,
    accessChecks: access.checks,
    metering: access.onSend,
    probes: access.probes,
    snapshotStore: puller?.status,
    sourceUpdates: () => readUpdateState(settings.dataDir),
    gatewaySecret: settings.gatewaySecret,
    metricsToken: settings.metricsToken,
    ...servingBounds(settings),
    trustProxy: settings.trustProxy,
    logger,
    tls,
    dashboard: settings.dashboard
      ? {
          ...access.dashboard,
          defaultLimits: { quota: settings.defaultQuotaCredits, rate: null },
          openSignupQuotaCredits: settings.openSignupQuotaCredits,
          serviceRate: { requests: settings.rateLimitRequests, windowS: settings.rateLimitWindowS },
          signup: settings.signup,
          mail: mailSettings(settings),
          publicOrigin: settings.publicOrigin,
        }
      : undefined,
  });
  onStopSignals(logger, async () => {
    await app.close();
    await Promise.all([access.close(), closeComplexityPool(), closeSliceSumPool(), closeObservationWriter()]);
    puller?.close();
    store.close();
  });
  await listen(app, settings, logger);
  keepMainThreadFirst(settings.workerThreadsNice);
}

main().catch((err: unknown) => {
  // An operator mistake gets one line naming the setting and the fix, not a stack trace.
  const message = err instanceof SettingsError ? err.message : `could not start: ${(err as Error).message ?? err}`;
  flushLog();
  process.stderr.write(fatalLine(message));
  process.exit(1);
});
