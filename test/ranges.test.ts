import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OPERATIONS, requestPath, type ParamKind } from './helpers/operations.js';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';

/** A bound of each kind, later first: `from` after `to`. */
const REVERSED: Partial<Record<ParamKind, [string, string]>> = {
  year: ['2025', '2020'],
  month: ['2025-01', '2020-01'],
  date: ['2025', '2020'],
};

describe('from after to (CONTRACT §2)', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  const ranged = OPERATIONS.filter((op) => op.params.from && op.params.to);

  it('is a 422 on from in every operation that takes both', async () => {
    assert.ok(ranged.some((op) => op.path === '/v1/vintages'));
    for (const op of ranged) {
      const [from, to] = REVERSED[op.params.from!]!;
      const r = await s.get(requestPath(op, [`from=${from}`, `to=${to}`], { cid: 'DE', pid: '0101' }));
      expectError(r, 422, 'validation_error');
      assert.deepEqual(
        r.body.detail,
        [{ loc: ['query', 'from'], msg: '"from" must not be after "to"', type: 'value_error' }],
        op.path,
      );
    }
  });
});
