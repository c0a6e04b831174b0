import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import openapiTS, { astToString } from 'openapi-typescript';
import { ROOT } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/** The client's types, generated from the service's OpenAPI document. */
const TYPES_FILE = path.join(ROOT, 'client/src/api-types.ts');
const HEADER =
  '/**\n * The API as the OpenAPI document of the service describes it, generated from\n' +
  ' * `/v1/openapi.json` (`npm run client:types`); a test fails when they differ.\n */\n\n';

/** The types file the document gives now. */
async function generatedTypes(document: unknown): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return HEADER + astToString(ast);
}

describe('client types', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  it('are the ones generated from the served OpenAPI document (no drift)', async () => {
    const document = (await s.get('/v1/openapi.json', { headers: { authorization: '' } })).body as unknown;
    const fresh = await generatedTypes(document);
    // `npm run client:types` writes them; a test run compares.
    if (process.env.UPDATE_CLIENT_TYPES === '1') writeFileSync(TYPES_FILE, fresh);
    assert.equal(readFileSync(TYPES_FILE, 'utf8'), fresh, 'client/src/api-types.ts is stale: run npm run client:types');
  });
});
