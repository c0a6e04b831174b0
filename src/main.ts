import { buildApp } from './app.js';
import { createAccess } from './access/setup.js';
import { ensureDataset } from './sample/index.js';
import { SettingsError, loadSettings } from './settings.js';
import { textLines } from './store/progress.js';
import { datasetStore } from './datasets.js';

/** How long a stop signal waits for in-flight requests and connections before the process exits. */
const SHUTDOWN_BOUND_MS = 10_000;

/**
 * Runs `stop`, then exits 0. A second signal, or in-flight work that outlives
 * SHUTDOWN_BOUND_MS, ends the process anyway (exit 1).
 */
function boundedShutdown(stop: () => Promise<void>): () => Promise<void> {
  let stopping = false;
  return async () => {
    if (stopping) process.exit(1);
    stopping = true;
    setTimeout(() => {
      console.error(`shutdown took longer than ${SHUTDOWN_BOUND_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_BOUND_MS).unref();
    await stop();
    process.exit(0);
  };
}

async function main(): Promise<void> {
  const settings = loadSettings();
  const built = await ensureDataset(settings.dataDir, {
    seed: settings.sampleSeed,
    asOf: settings.sampleAsOf,
    scale: settings.sampleScale,
    hsFile: settings.sampleHsFile,
    memoryLimit: settings.duckdbMemoryLimit,
    snapshotsKept: settings.snapshotsKept,
    progress: textLines(process.stdout),
  });
  if (built) {
    console.log(
      `built the sample dataset in ${built.durationMs} ms: ` +
        `${built.series} series, ${built.observations} observations; trade: ${built.trade.annual} annual ` +
        `and ${built.trade.monthly} monthly rows over ${built.trade.products} products (snapshot ${built.snapshot})`,
    );
  }
  const store = datasetStore({
    dataDir: settings.dataDir,
    queryTimeoutMs: settings.queryTimeoutMs,
    pollMs: settings.snapshotPollMs,
    duckdbMemoryLimit: settings.duckdbMemoryLimit,
    duckdbQueueMax: settings.duckdbQueueMax,
    snapshotsKept: settings.snapshotsKept,
    onClean: (removed) =>
      console.log(`removed ${removed.length} unpublished or superseded snapshot(s): ${removed.join(', ')}`),
    onSwap: (name) => {
      console.log(`serving snapshot ${name}`);
      // Read the new snapshot's observations now, not at its first history request.
      void store.current?.content.observations.get().catch(() => undefined);
    },
    onError: (err) => console.error('snapshot refresh failed; still serving the previous one', err),
  });
  await store.start();
  const access = await createAccess(settings, (msg) => console.log(msg));
  console.log(`access control: ${access.mode}`);
  const app = await buildApp({
    store,
    keyStore: access.keyStore,
    accessChecks: access.checks,
    metering: access.onSend,
    gatewaySecret: settings.gatewaySecret,
    logLevel: settings.logLevel,
    queryTimeoutMs: settings.queryTimeoutMs,
    cacheMaxAgeS: settings.cacheMaxAgeS,
    responseCacheBytes: settings.responseCacheMb * 2 ** 20,
  });
  const shutdown = boundedShutdown(async () => {
    await app.close();
    await access.close();
    store.close();
  });
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await app.listen({ port: settings.port, host: settings.host });
}

main().catch((err) => {
  // An operator mistake gets one line naming the setting and the fix, not a stack trace.
  if (err instanceof SettingsError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
