import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HostSlots } from './host-slots.js';

describe('HostSlots', () => {
  it('runs at most the bound at once per host, others at once, and frees slots as tasks settle', async () => {
    const slots = new HostSlots(2);
    let most = 0;
    const release: Array<() => void> = [];
    const task = () =>
      new Promise<void>((resolve) => {
        most = Math.max(most, slots.inFlight('a'));
        release.push(resolve);
      });
    const runs = Array.from({ length: 5 }, () => slots.run('a', task));
    const other = slots.run('b', async () => 'b');
    assert.equal(await other, 'b');
    await new Promise((r) => setImmediate(r));
    assert.equal(release.length, 2);
    while (release.length) {
      release.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(runs);
    assert.equal(most, 2);
    assert.equal(slots.inFlight('a'), 0);
  });

  it('frees the slot of a task that fails', async () => {
    const slots = new HostSlots(1);
    await assert.rejects(slots.run('h', async () => Promise.reject(new Error('x'))));
    assert.equal(await slots.run('h', async () => 1), 1);
  });
});
