import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SettingsError, parseStoreUrl } from '../settings.js';
import { MAX_SNAPSHOT_FILE_BYTES, parseManifest } from './snapshot-manifest.js';

const file = { name: 'trade.duckdb', size: 10, sha256: 'a'.repeat(64) };
const manifest = (over: object) => JSON.stringify({ snapshot: '20261126T052858585Z-0702f4', files: [file], ...over });

describe('snapshot manifests read from a store', () => {
  it('reads a well-formed one', () => {
    const m = parseManifest(manifest({}), 'current.json');
    assert.equal(m.snapshot, '20261126T052858585Z-0702f4');
    assert.deepEqual(m.files, [file]);
  });

  it('refuses names that could leave DATA_DIR, and entries that are not {name, size, sha256}', () => {
    const bad = [
      manifest({ snapshot: '../../etc' }),
      manifest({ snapshot: '20261126T052858585Z-0702f4/..' }),
      manifest({ files: [{ ...file, name: '../trade.duckdb' }] }),
      manifest({ files: [{ ...file, name: '.building' }] }),
      manifest({ files: [{ ...file, name: 'CURRENT' }] }),
      manifest({ files: [{ ...file, sha256: 'xyz' }] }),
      manifest({ files: [{ ...file, size: -1 }] }),
      manifest({ files: [] }),
      manifest({ files: [file, file] }),
      manifest({ objects: 'md5' }),
      '{',
      'null',
    ];
    for (const text of bad) assert.throws(() => parseManifest(text, 'current.json'), /current\.json/, text);
  });

  it('reads the layout: files by content, or (an earlier release) under the snapshot', () => {
    assert.equal(parseManifest(manifest({ objects: 'sha256' }), 'current.json').objects, 'sha256');
    assert.equal(parseManifest(manifest({}), 'current.json').objects, undefined);
  });

  it('refuses a size beyond the largest snapshot file, naming it', () => {
    const at = (size: number) => manifest({ files: [{ ...file, size }] });
    assert.equal(parseManifest(at(MAX_SNAPSHOT_FILE_BYTES), 'current.json').files[0]!.size, MAX_SNAPSHOT_FILE_BYTES);
    assert.throws(
      () => parseManifest(at(9007199254740991), 'current.json'),
      /^Error: current\.json: trade\.duckdb claims 9007199254740991 bytes, more than 1099511627776$/,
    );
  });
});

describe('SNAPSHOT_STORE_URL', () => {
  it('reads s3://bucket and s3://bucket/prefix', () => {
    assert.deepEqual(parseStoreUrl('s3://snapshots'), { bucket: 'snapshots', prefix: '' });
    assert.deepEqual(parseStoreUrl('s3://my.bucket/prod/eu/'), { bucket: 'my.bucket', prefix: 'prod/eu' });
  });

  it('refuses anything else with a line naming the setting', () => {
    for (const url of ['http://x/y', 's3://', 's3://Bad_Bucket/x', 'snapshots'])
      assert.throws(
        () => parseStoreUrl(url),
        (err: unknown) => err instanceof SettingsError && /SNAPSHOT_STORE_URL/.test(err.message),
      );
  });
});
