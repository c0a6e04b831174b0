import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { firstThatOpens, olderSnapshots } from './fallback.js';
import { BUILDING_MARKER, ECONOMICS_FILE, snapshotsDir } from './snapshot-layout.js';

const at = (k: number) => `2020010${k}T000000000Z-00000${k}`;

describe('the snapshots a server falls back to at start', () => {
  it('are the published ones older than CURRENT, newest first', async () => {
    const d = mkdtempSync(path.join(tmpdir(), 'fallback-'));
    for (const k of [1, 2, 3, 4, 5, 6]) mkdirSync(path.join(snapshotsDir(d), at(k)), { recursive: true });
    for (const k of [1, 2, 3, 5, 6]) writeFileSync(path.join(snapshotsDir(d), at(k), ECONOMICS_FILE), '');
    writeFileSync(path.join(snapshotsDir(d), at(3), BUILDING_MARKER), '{}'); // a build, never published
    // 4 has no economics file; 5 is CURRENT's; 6 is newer.
    assert.deepEqual(await olderSnapshots(d, at(5)), [at(2), at(1)]);
    assert.deepEqual(await olderSnapshots(path.join(d, 'none'), at(5)), []);
    rmSync(d, { recursive: true });
  });

  it('is the first that opens, with the ones that did not', async () => {
    const open = async (name: string) => {
      if (name !== 'b' && name !== 'c') throw new Error(`${name}: not a valid DuckDB database file`);
      return name.toUpperCase();
    };
    assert.deepEqual(await firstThatOpens(['a', 'b', 'c'], open), {
      name: 'b',
      opened: 'B',
      failed: [{ name: 'a', error: 'a: not a valid DuckDB database file' }],
    });
    assert.equal(await firstThatOpens(['a', 'd'], open), undefined);
  });
});
