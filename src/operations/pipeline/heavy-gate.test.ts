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

const places = (n: number) => ({ computing: n, onLoop: n, turnMs: 0 });

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Waits for `n` turns of the event loop: a place let go is handed over on the turn after. */
async function turns(n: number) {
  for (let i = 0; i < n; i++) await turn();
}

describe('HeavyGate', () => {
  it('runs at most `capacity` at once, the next in arrival order as one ends', async () => {
    const gate = new HeavyGate({ computing: 2, onLoop: 2, turnMs: 0 }, 10);
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
    const gate = new HeavyGate(places(1), 10);
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
    const gate = new HeavyGate(places(1), 10);
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
    const gate = new HeavyGate(places(1), 1);
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
    const gate = new HeavyGate(places(1), 5);
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
    assert.throws(() => new HeavyGate({ computing: 0, onLoop: 1, turnMs: 0 }, 1), RangeError);
    assert.throws(() => new HeavyGate({ computing: 1, onLoop: 0, turnMs: 0 }, 1), RangeError);
  });

  it('lets a place on the event loop go while a computation waits on another thread', async () => {
    const gate = new HeavyGate({ computing: 3, onLoop: 1, turnMs: 0 }, 10);
    const signal = new AbortController().signal;
    const log: string[] = [];
    const query = pending();
    const first = gate.run(signal, async (hold) => {
      log.push('first queries');
      await hold.away(query.work);
      log.push('first resumes');
    });
    const second = pending();
    const secondRun = gate.run(signal, async (hold) => {
      log.push('second starts');
      await hold.away(second.work);
      log.push('second resumes');
    });
    const third = gate.run(signal, () => (log.push('third starts'), Promise.resolve()));
    await turns(3);
    // Both others began while the first waited; the third's place on the loop came once the second went away.
    assert.deepEqual(log, ['first queries', 'second starts', 'third starts']);
    query.finish();
    second.finish();
    await Promise.all([first, secondRun, third]);
    assert.deepEqual(log.slice(3).sort(), ['first resumes', 'second resumes']);
    assert.deepEqual(gate.load, { running: 0, waiting: 0 });
  });

  it('takes a computation back from another thread before a new one, never past `computing`', async () => {
    const gate = new HeavyGate({ computing: 2, onLoop: 1, turnMs: 0 }, 10);
    const signal = new AbortController().signal;
    const log: string[] = [];
    const query = pending();
    const blocker = pending();
    const first = gate.run(signal, async (hold) => {
      await hold.away(query.work);
      log.push('first resumes');
    });
    // Holds the one place on the loop: the first, back from its query, and a new one wait.
    const second = gate.run(signal, () => (log.push('second starts'), blocker.work()));
    await turns(2);
    assert.deepEqual(log, ['second starts']);
    const third = gate.run(signal, () => (log.push('third starts'), Promise.resolve()));
    query.finish();
    await turn();
    assert.deepEqual(log, ['second starts']);
    assert.deepEqual(gate.load, { running: 2, waiting: 1 });
    blocker.finish();
    await Promise.all([first, second, third]);
    assert.deepEqual(log, ['second starts', 'first resumes', 'third starts']);
    assert.deepEqual(gate.load, { running: 0, waiting: 0 });
  });

  it("shares a computation's one place among its branches, freed by one back after the end", async () => {
    const gate = new HeavyGate({ computing: 3, onLoop: 1, turnMs: 0 }, 10);
    const signal = new AbortController().signal;
    const failing = gate.run(signal, async (hold) => {
      await Promise.all([
        hold.away(() => Promise.resolve(1)),
        hold.away(() => Promise.reject(new Error('query failed'))),
      ]);
    });
    await assert.rejects(failing, /query failed/);
    // One branch is back from its query, waiting for the place another computation
    // took meanwhile, when the other branch ends the computation.
    const query = pending();
    const go = pending();
    const straggler = gate.run(signal, async (hold) => {
      const late = hold.away(query.work);
      await go.work();
      await Promise.race([late, Promise.reject(new Error('other failed'))]);
    });
    const blocker = pending();
    const holding = gate.run(signal, blocker.work);
    await turns(2);
    query.finish();
    await turns(2);
    go.finish();
    await assert.rejects(straggler, /other failed/);
    blocker.finish();
    await holding;
    await turns(2);
    // Every place came back: a new computation runs at once.
    assert.deepEqual(gate.load, { running: 0, waiting: 0 });
    let ran = false;
    await gate.run(signal, async () => (ran = true));
    assert.equal(ran, true);
  });

  it('lets a computation whose deadline passes while it waits to come back leave with the deadline error', async () => {
    const gate = new HeavyGate({ computing: 2, onLoop: 1, turnMs: 0 }, 10);
    const blocker = pending();
    const deadline = new AbortController();
    const query = pending();
    let resumed = false;
    const late = gate.run(deadline.signal, async (hold) => {
      await hold.away(query.work);
      resumed = true;
    });
    const holding = gate.run(new AbortController().signal, blocker.work);
    await turns(2);
    query.finish();
    await turn();
    deadline.abort(new Error('deadline'));
    await assert.rejects(late, /deadline/);
    assert.equal(resumed, false);
    blocker.finish();
    await holding;
    assert.deepEqual(gate.load, { running: 0, waiting: 0 });
  });

  it('resumes at most `onLoop` computations between two reads of what arrived', async () => {
    const gate = new HeavyGate({ computing: 3, onLoop: 1, turnMs: 0 }, 10);
    const signal = new AbortController().signal;
    const log: string[] = [];
    const [first, second, again] = [pending(), pending(), pending()];
    const a = gate.run(signal, async (hold) => {
      await hold.away(first.work);
      log.push('a resumes');
      await hold.away(again.work);
    });
    const b = gate.run(signal, async (hold) => {
      await hold.away(second.work);
      log.push('b resumes');
    });
    await turns(6);
    // Both queries end in one phase of the event loop, each in a callback of its own; a
    // request read next arrived meanwhile. The first resumed goes to wait again at once.
    setTimeout(() => {
      first.finish();
      setImmediate(() => log.push('arrived'));
    }, 0);
    setTimeout(() => second.finish(), 0);
    await b;
    again.finish();
    await a;
    assert.deepEqual(log, ['a resumes', 'arrived', 'b resumes']);
  });
});
