import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { HASHES_FILE, LocalHashes, recordManifest } from './local-hashes.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const A = '20261126T000000000Z-aaaaaa';
const B = '20261127T000000000Z-bbbbbb';

function snapshot(root: string, name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [f, text] of Object.entries(files)) writeFileSync(path.join(dir, f), text);
  return dir;
}

describe('the hashes of local snapshot files', () => {
  it('are computed once: a file carried over by a hard link takes its recorded hash', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'hashes-'));
    const a = snapshot(root, A, { 'economics.duckdb': 'econ 1', 'trade.duckdb': 'trade' });
    const m = await (await LocalHashes.of(root)).manifest(a, A);
    assert.deepEqual(m, {
      snapshot: A,
      objects: 'sha256',
      files: [
        { name: 'economics.duckdb', size: 6, sha256: sha('econ 1') },
        { name: 'trade.duckdb', size: 5, sha256: sha('trade') },
      ],
    });
    // B carries the trade file over; a recorded hash that is wrong on purpose shows it is not read again.
    const recorded = JSON.parse(readFileSync(path.join(a, HASHES_FILE), 'utf8')) as {
      files: Array<{ name: string; sha256: string }>;
    };
    recorded.files.find((f) => f.name === 'trade.duckdb')!.sha256 = 'f'.repeat(64);
    writeFileSync(path.join(a, HASHES_FILE), JSON.stringify(recorded));
    const b = snapshot(root, B, { 'economics.duckdb': 'econ 2' });
    linkSync(path.join(a, 'trade.duckdb'), path.join(b, 'trade.duckdb'));
    const mb = await (await LocalHashes.of(root)).manifest(b, B);
    assert.equal(mb.files.find((f) => f.name === 'trade.duckdb')!.sha256, 'f'.repeat(64));
    assert.equal(mb.files.find((f) => f.name === 'economics.duckdb')!.sha256, sha('econ 2'));
    // A file whose mtime changed is hashed again.
    utimesSync(path.join(b, 'trade.duckdb'), new Date(2020, 0, 1), new Date(2020, 0, 1));
    const again = await (await LocalHashes.of(root)).manifest(b, B);
    assert.equal(again.files.find((f) => f.name === 'trade.duckdb')!.sha256, sha('trade'));
    rmSync(root, { recursive: true });
  });

  it('find a file of another snapshot by size and SHA-256, hashing one no record vouches for', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'hashes-'));
    const a = snapshot(root, A, { 'economics.duckdb': 'econ 1', 'trade.duckdb': 'trade' });
    snapshot(root, B, { 'economics.duckdb': 'econ 2', '.building': '' });
    const hashes = await LocalHashes.of(root);
    assert.equal(await hashes.find({ size: 5, sha256: sha('trade') }, B), path.join(a, 'trade.duckdb'));
    assert.equal(await hashes.find({ size: 5, sha256: sha('trade') }, A), undefined, 'not in the snapshot itself');
    assert.equal(await hashes.find({ size: 5, sha256: sha('other') }, B), undefined);
    assert.equal(await hashes.find({ size: 6, sha256: sha('econ 2') }, A), undefined, 'never a snapshot being built');
    // Recorded once hashed.
    const recorded = JSON.parse(readFileSync(path.join(a, HASHES_FILE), 'utf8')) as { files: Array<{ name: string }> };
    assert.deepEqual(recorded.files.map((f) => f.name).sort(), ['trade.duckdb']);
    rmSync(root, { recursive: true });
  });

  it('of a download are those of its manifest', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'hashes-'));
    const a = snapshot(root, A, { 'trade.duckdb': 'trade' });
    await recordManifest(a, { snapshot: A, files: [{ name: 'trade.duckdb', size: 5, sha256: sha('trade') }] });
    const hashes = await LocalHashes.of(root);
    assert.equal(await hashes.find({ size: 5, sha256: sha('trade') }, B), path.join(a, 'trade.duckdb'));
    rmSync(root, { recursive: true });
  });
});
