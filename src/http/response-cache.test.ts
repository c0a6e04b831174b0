import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PreparedBody } from './compression.js';
import { ResponseCache, type CachedAnswer } from './response-cache.js';

const answer: CachedAnswer = { body: new PreparedBody(Buffer.from('{}')), etag: 'W/"x"' };

/** A computation that settles when told, and tells whether its own signal was aborted. */
function controllable() {
  let settle!: () => void;
  let signal!: AbortSignal;
  const compute = (s: AbortSignal) => {
    signal = s;
    return new Promise<CachedAnswer>((resolve, reject) => {
      settle = () => resolve(answer);
      s.addEventListener('abort', () => reject(new Error('cancelled')), { once: true });
    });
  };
  return { compute, settle: () => settle(), aborted: () => signal.aborted };
}

describe('computeOnce: work shared by identical concurrent requests', () => {
  it('binds each caller by its own deadline, and the work runs on while another waits', async () => {
    const cache = new ResponseCache({ maxBytes: 0 });
    const work = controllable();
    const [first, joined] = [new AbortController(), new AbortController()];
    const a = cache.computeOnce({ snapshot: 's', key: 'k', signal: first.signal }, work.compute);
    const b = cache.computeOnce({ snapshot: 's', key: 'k', signal: joined.signal }, () => {
      throw new Error('a joined caller must not compute again');
    });
    first.abort(new Error('first deadline'));
    await assert.rejects(a, /first deadline/);
    assert.equal(work.aborted(), false, "the first caller's deadline does not cancel work another waits for");
    work.settle();
    assert.equal(await b, answer);
  });

  it('lets a joined caller leave at its own deadline, before the first', async () => {
    const cache = new ResponseCache({ maxBytes: 0 });
    const work = controllable();
    const [first, joined] = [new AbortController(), new AbortController()];
    const a = cache.computeOnce({ snapshot: 's', key: 'k', signal: first.signal }, work.compute);
    const b = cache.computeOnce({ snapshot: 's', key: 'k', signal: joined.signal }, work.compute);
    joined.abort(new Error('joined deadline'));
    await assert.rejects(b, /joined deadline/);
    work.settle();
    assert.equal(await a, answer);
  });

  it('cancels the work once no caller waits, and a later caller starts it anew', async () => {
    const cache = new ResponseCache({ maxBytes: 0 });
    const work = controllable();
    const [first, joined] = [new AbortController(), new AbortController()];
    const a = cache.computeOnce({ snapshot: 's', key: 'k', signal: first.signal }, work.compute);
    const b = cache.computeOnce({ snapshot: 's', key: 'k', signal: joined.signal }, work.compute);
    first.abort(new Error('first deadline'));
    await assert.rejects(a);
    assert.equal(work.aborted(), false);
    joined.abort(new Error('joined deadline'));
    await assert.rejects(b);
    assert.equal(work.aborted(), true, 'nobody waits: the work is cancelled');
    const again = controllable();
    const c = cache.computeOnce({ snapshot: 's', key: 'k', signal: new AbortController().signal }, again.compute);
    again.settle();
    assert.equal(await c, answer);
  });
});
