import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pythonOperations, type OpenApiDocument } from '../scripts/python-client.js';
import { ROOT } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/** The Python client's operations, generated from the service's OpenAPI document. */
const OPERATIONS_FILE = path.join(ROOT, 'clients/python/econtrade/_operations.py');

describe('Python client operations', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  it('are the ones generated from the served OpenAPI document (no drift)', async () => {
    const document = (await s.get('/v1/openapi.json', { headers: { authorization: '' } })).body as OpenApiDocument;
    const fresh = pythonOperations(document);
    // UPDATE_PYTHON_CLIENT=1 writes them; a test run compares.
    if (process.env.UPDATE_PYTHON_CLIENT === '1') writeFileSync(OPERATIONS_FILE, fresh);
    assert.equal(
      readFileSync(OPERATIONS_FILE, 'utf8'),
      fresh,
      'clients/python/econtrade/_operations.py is stale: ' +
        'run UPDATE_PYTHON_CLIENT=1 node --import tsx --test test/python-client-drift.test.ts',
    );
  });
});
