import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { keepMainThreadFirst } from './thread-priority.js';

/** A thread's nice value, from its stat line (the 19th field; the name in parentheses may hold spaces). */
function niceOf(tid: number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

const linux = process.platform === 'linux';

describe('keepMainThreadFirst', { skip: !linux && 'threads have their own nice value on Linux only' }, () => {
  it("lowers the other threads' priority, a thread started later included, and leaves the main thread's", async () => {
    const before = new Set(readdirSync('/proc/self/task').map(Number));
    const mainNice = niceOf(process.pid);
    const kept = keepMainThreadFirst(mainNice + 7, 20);
    try {
      const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
      await new Promise((resolve) => worker.once('online', resolve));
      const started = readdirSync('/proc/self/task')
        .map(Number)
        .filter((tid) => !before.has(tid));
      assert.ok(started.length > 0, 'the worker is a thread of its own');
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const tid of readdirSync('/proc/self/task').map(Number)) {
        if (tid !== process.pid) assert.equal(niceOf(tid), mainNice + 7, `thread ${tid}`);
      }
      assert.equal(niceOf(process.pid), mainNice);
      await worker.terminate();
    } finally {
      kept.stop();
    }
  });

  it('does nothing with nice 0', () => {
    assert.doesNotThrow(() => keepMainThreadFirst(0).stop());
  });
});
