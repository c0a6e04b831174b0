// The OpenAPI document the service serves at /v1/openapi.json, written to a file (or
// standard output) without starting a server:
//   node --import tsx scripts/openapi.ts [FILE]
// The document comes from the routes themselves, so an app is built over an empty
// data directory: the document does not depend on the data.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bootstrapKeyStore } from '../src/access/keys.js';
import { buildApp } from '../src/app.js';
import { datasetStore } from '../src/datasets.js';

/** The document, from a real app instance. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-openapi-'));
  const app = await buildApp({
    store: datasetStore({ dataDir, queryTimeoutMs: 1000, pollMs: 60_000 }),
    keyStore: bootstrapKeyStore(undefined),
    gatewaySecret: undefined,
    logLevel: 'silent',
  });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Writes the document to `file` as indented JSON. */
export async function writeOpenApiDocument(file: string): Promise<void> {
  writeFileSync(file, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (file) await writeOpenApiDocument(file);
  else process.stdout.write(`${JSON.stringify(await openApiDocument(), null, 2)}\n`);
}
