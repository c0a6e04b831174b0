import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { describe, it } from 'node:test';
import { watchStalledReader } from './stalled-reader.js';

/** A response whose buffer the test fills and drains. */
class Response extends EventEmitter {
  writableNeedDrain = false;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('watchStalledReader', () => {
  it('cuts a client whose buffer stays full for the idle time', async () => {
    const res = new Response();
    let cut = 0;
    watchStalledReader(res, 100, () => cut++);
    res.writableNeedDrain = true;
    await wait(250);
    assert.equal(cut, 1, 'cut once');
    await wait(100);
    assert.equal(cut, 1, 'and only once');
  });

  it('never cuts a client that reads, however slowly, nor one waiting for the server', async () => {
    const res = new Response();
    let cut = 0;
    watchStalledReader(res, 100, () => cut++);
    for (let i = 0; i < 6; i++) {
      res.writableNeedDrain = true;
      await wait(60);
      res.emit('drain');
    }
    res.writableNeedDrain = false;
    await wait(250);
    assert.equal(cut, 0);
  });

  it('stops watching when the response closes', async () => {
    const res = new Response();
    let cut = 0;
    watchStalledReader(res, 50, () => cut++);
    res.emit('close');
    res.writableNeedDrain = true;
    await wait(150);
    assert.equal(cut, 0);
  });
});
