import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StoreBusyError } from '../../store/busy.js';
import { HeavyGate } from './heavy-gate.js';

/** A computation that ends when `finish` is called. */
function pending() {
  let finish = () => undefined as void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish: () => finish() };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('HeavyGate', () => {
  it('runs at most `capacity` at once, the next in arrival order as one ends', async () => {
    const gate = new HeavyGate(2, 10);
    const signal = new AbortController().signal;
    const started: number[] = [];
    const jobs = [0, 1, 2, 3].map((i) => ({ i, ...pending() }));
    const runs = jobs.map((j) => gate.run(signal, () => (started.push(j.i), j.work())));
    await turn();
    assert.deepEqual(started, [0, 1]);
    assert.deepEqual(gate.load, { running: 2, waiting: 2 });
    jobs[1]!.finish();
    // The freed place is handed over on the event loop's next turn.
    await turn();
    await turn();
    assert.deepEqual(started, [0, 1, 2]);
    for (const j of jobs) j.finish();
    await Promise.all(runs);
    assert.deepEqual(started, [0, 1, 2, 3]);
    assert.deepEqual(gate.load, { running: 0, waiting: 0 });
  });

  it('reads what arrived between two computations with nothing to wait for', async () => {
    const gate = new HeavyGate(1, 10);
    const signal = new AbortController().signal;
    const log: string[] = [];
    const runs = [0, 1, 2, 3].map((i) => gate.run(signal, () => (log.push(`work ${i}`), Promise.resolve())));
    // What the event loop reads next: a request that arrived while the first one was computed.
    setImmediate(() => log.push('arrived'));
    await Promise.all(runs);
    assert.deepEqual(log, ['work 0', 'arrived', 'work 1', 'work 2', 'work 3']);
    assert.deepEqual(gate.load, { running: 0, waiting: 0 });
  });

  it('passes a place on past a waiter that left before its turn came', async () => {
    const gate = new HeavyGate(1, 10);
    const first = pending();
    const running = gate.run(new AbortController().signal, first.work);
    const deadline = new AbortController();
    const leaving = gate.run(deadline.signal, () => Promise.resolve('never'));
    const next = gate.run(new AbortController().signal, () => Promise.resolve('next'));
    first.finish();
    await Promise.resolve();
    // The place is freed, not yet handed over: the waiter leaves in between.
    deadline.abort(new Error('deadline'));
    await assert.rejects(leaving, /deadline/);
    await running;
    assert.equal(await next, 'next');
    assert.deepEqual(gate.load, { running: 0, waiting: 0 });
  });

  it('refuses a request past `maxWaiting` waiters, and frees its place when a computation fails', async () => {
    const gate = new HeavyGate(1, 1);
    const signal = new AbortController().signal;
    const first = pending();
    const running = gate.run(signal, first.work);
    const waiting = gate.run(signal, () => Promise.reject(new Error('failed')));
    await assert.rejects(
      gate.run(signal, () => Promise.resolve()),
      StoreBusyError,
    );
    first.finish();
    await running;
    await assert.rejects(waiting, /failed/);
    assert.deepEqual(gate.load, { running: 0, waiting: 0 });
    assert.equal(await gate.run(signal, () => Promise.resolve(7)), 7);
  });

  it('lets a waiter whose deadline passes leave with the deadline error, and never runs it', async () => {
    const gate = new HeavyGate(1, 5);
    const first = pending();
    const running = gate.run(new AbortController().signal, first.work);
    const deadline = new AbortController();
    let ran = false;
    const waiting = gate.run(deadline.signal, () => ((ran = true), Promise.resolve()));
    deadline.abort(new Error('deadline'));
    await assert.rejects(waiting, /deadline/);
    assert.deepEqual(gate.load, { running: 1, waiting: 0 });
    first.finish();
    await running;
    assert.equal(ran, false);
    await assert.rejects(
      gate.run(deadline.signal, () => Promise.resolve()),
      /deadline/,
    );
    assert.throws(() => new HeavyGate(0, 1), RangeError);
  });
});
