import assert from 'node:assert/strict';

// The canonical error answer, checked the same way whether it came in-process, over a socket or from another process.

/** A request id: a UUID v4. */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Asserts the canonical error shape, status and code, and the request id in header and body. */
export function expectError(res: { status: number; headers: Headers; body: any }, status: number, code: string): void {
  assert.equal(res.status, status, `expected ${status} ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  assert.equal(res.body.error, code);
  assert.equal(typeof res.body.message, 'string');
  assert.ok(res.body.message.length > 0);
  assert.match(res.body.request_id, UUID_V4);
  assert.equal(res.headers.get('x-request-id'), res.body.request_id);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json; charset=utf-8/);
  const keys = Object.keys(res.body).sort();
  assert.deepEqual(
    keys,
    status === 422 ? ['detail', 'error', 'message', 'request_id'] : ['error', 'message', 'request_id'],
  );
  assert.doesNotMatch(res.body.message, /\bat .*\.(ts|js):\d+|SELECT |FROM econ/);
}
