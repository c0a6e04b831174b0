import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { bytesToWrite, freeBytes, spaceProblem } from './download-space.js';
import { rangesFile } from './ranged-download.js';

const sha256 = 'a'.repeat(64);

describe('the disk space a download needs', () => {
  it('is each file, less what earlier tries left (finished files, listed ranges)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'space-'));
    const manifest = {
      snapshot: '20261126T052858585Z-0702f4',
      files: [
        { name: 'economics.duckdb', size: 300, sha256 },
        { name: 'trade.duckdb', size: 1000, sha256 },
        { name: 'nomenclature.duckdb', size: 50, sha256 },
      ],
    };
    assert.equal(await bytesToWrite(manifest, dir, { rangeBytes: 100 }), 1350);
    writeFileSync(path.join(dir, 'economics.duckdb'), Buffer.alloc(300));
    writeFileSync(rangesFile(path.join(dir, 'trade.duckdb.part')), '0\n1\n9\n');
    assert.equal(await bytesToWrite(manifest, dir, { rangeBytes: 100 }), 700 + 50);
    // A file linked from a local snapshot takes no space.
    assert.equal(await bytesToWrite(manifest, dir, { rangeBytes: 100, local: new Set(['trade.duckdb']) }), 50);
    rmSync(dir, { recursive: true });
  });

  it('is refused beyond the free space, with a line naming both', async () => {
    assert.equal(spaceProblem({ snapshot: 's', needed: 10, free: 10, where: '/data' }), undefined);
    assert.equal(
      spaceProblem({ snapshot: '20261126T052858585Z-0702f4', needed: 9007199254740991, free: 1000, where: '/data' }),
      'snapshot 20261126T052858585Z-0702f4 needs 9007199254740991 bytes more in /data, which has 1000 bytes free',
    );
    assert.ok((await freeBytes(tmpdir())) > 0);
  });
});
