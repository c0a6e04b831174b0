import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { bytesDone, downloadRanges, rangesFile } from './ranged-download.js';

describe('an object read a range at a time', () => {
  const object = randomBytes(1_000_003);

  it('writes every range at its place, several at once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ranges-'));
    const part = path.join(dir, 'x.part');
    let open = 0;
    let most = 0;
    await downloadRanges({
      part,
      size: object.length,
      parallel: 3,
      rangeBytes: 100_000,
      read: async (start, end) => {
        most = Math.max(most, ++open);
        await new Promise((resolve) => setTimeout(resolve, 5));
        open--;
        return Readable.from([object.subarray(start, end + 1)]);
      },
    });
    assert.ok(readFileSync(part).equals(object));
    assert.equal(most, 3);
    rmSync(dir, { recursive: true });
  });

  it('after a cut, reads only the ranges not written yet', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ranges-'));
    const part = path.join(dir, 'x.part');
    const asked: number[] = [];
    const cutAt = 500_000;
    const first = downloadRanges({
      part,
      size: object.length,
      parallel: 1,
      rangeBytes: 100_000,
      read: async (start, end) => {
        if (start >= cutAt) throw new Error('store down');
        return Readable.from([object.subarray(start, end + 1)]);
      },
    });
    await assert.rejects(first, /store down/);
    assert.ok(existsSync(rangesFile(part)));
    assert.equal(await bytesDone(part, object.length, 100_000), cutAt, 'what the first try wrote');
    await downloadRanges({
      part,
      size: object.length,
      parallel: 2,
      rangeBytes: 100_000,
      read: async (start, end) => {
        asked.push(start);
        return Readable.from([object.subarray(start, end + 1)]);
      },
    });
    assert.deepEqual(
      asked.sort((a, b) => a - b),
      [500_000, 600_000, 700_000, 800_000, 900_000, 1_000_000],
    );
    assert.ok(readFileSync(part).equals(object));
    rmSync(dir, { recursive: true });
  });

  it('fails, rather than waits, when a rate-bound read is cut', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ranges-'));
    const cut = downloadRanges({
      part: path.join(dir, 'x.part'),
      size: 100,
      parallel: 2,
      rangeBytes: 50,
      bytesPerS: 1e6,
      read: async () =>
        new Readable({
          read() {
            this.destroy(new Error('connection reset'));
          },
        }),
    });
    await assert.rejects(cut, /connection reset/);
    rmSync(dir, { recursive: true });
  });

  it('refuses a range that ends short', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ranges-'));
    const part = path.join(dir, 'x.part');
    const short = downloadRanges({
      part,
      size: 10,
      parallel: 1,
      rangeBytes: 10,
      read: async () => Readable.from([Buffer.alloc(4)]),
    });
    await assert.rejects(short, /range 0-9 ended at 4/);
    rmSync(dir, { recursive: true });
  });

  it('refuses a range longer than asked for, writing nothing past it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ranges-'));
    const part = path.join(dir, 'x.part');
    const long = downloadRanges({
      part,
      size: 10,
      parallel: 1,
      rangeBytes: 10,
      read: async () => Readable.from([Buffer.alloc(4), Buffer.alloc(1 << 20)]),
    });
    await assert.rejects(long, /range 0-9 sent more than 10 bytes/);
    assert.equal(readFileSync(part).length, 10);
    rmSync(dir, { recursive: true });
  });

  it('counts the bytes of the ranges listed, the last one short', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ranges-'));
    const part = path.join(dir, 'x.part');
    assert.equal(await bytesDone(part, 250, 100), 0, 'nothing listed yet');
    writeFileSync(rangesFile(part), '0\n2\n');
    assert.equal(await bytesDone(part, 250, 100), 150);
    rmSync(dir, { recursive: true });
  });
});
