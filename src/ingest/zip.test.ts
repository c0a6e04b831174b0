import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { declareSize, writeZip } from '../../test/helpers/workbooks.js';
import { freeBytes } from '../store/download-space.js';
import { extractEntry, listZip, readEntry } from './zip.js';

const bound = (bytes: number) => ({ bytes, name: 'INGEST_MAX_BYTES' });

/** Lines of a CSV, `n` of them, generated as they are compressed. */
function* lines(n: number) {
  for (let i = 0; i < n; i++) yield `2021,4,8,10121,${i}.000,NA\n`;
}

describe('entries of a zip, bounded by what they inflate to', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads an entry within its bound, and refuses one the archive states larger, naming both', async () => {
    const zip = path.join(dir, 'release.zip');
    await writeZip(zip, [{ name: 'data/codes.csv', content: 'a,b\n1,2\n' }]);
    const [entry] = await listZip(zip);
    assert.deepEqual(entry, { zip, name: 'codes.csv', entryName: 'data/codes.csv', size: 8 });
    assert.equal((await readEntry(entry!, bound(8))).toString(), 'a,b\n1,2\n');
    await assert.rejects(readEntry(entry!, { bytes: 7, name: "a country-code list's bound" }), {
      message: "release.zip: data/codes.csv: 8 bytes uncompressed, more than a country-code list's bound (7 bytes)",
    });
  });

  it('fails while inflating an entry that holds more than its header states', async () => {
    const zip = path.join(dir, 'lying.zip');
    await writeZip(zip, [{ name: 'flows.csv', content: lines(200_000) }]);
    declareSize(zip, 'flows.csv', 1_000);
    const [entry] = await listZip(zip);
    assert.equal(entry!.size, 1_000);
    const dest = path.join(dir, 'flows.csv');
    await assert.rejects(extractEntry(entry!, dest, bound(10_000)), {
      message: 'lying.zip: flows.csv: inflates to more than the 1000 bytes the archive states',
    });
    assert.equal(existsSync(dest), false, 'what was written is removed');
  });

  it('refuses to unpack an entry larger than the free space before writing a byte', async () => {
    const zip = path.join(dir, 'vast.zip');
    await writeZip(zip, [{ name: 'flows.csv', content: lines(10) }], { zip64: true });
    const free = await freeBytes(dir);
    declareSize(zip, 'flows.csv', free + 1_000_000_000);
    const [entry] = await listZip(zip);
    const dest = path.join(dir, 'vast.csv');
    await assert.rejects(
      extractEntry(entry!, dest, bound(Number.MAX_SAFE_INTEGER)),
      /^Error: vast\.zip: flows\.csv: \d+ bytes uncompressed, more than the \d+ bytes free in /,
    );
    assert.equal(existsSync(dest), false);
  });

  it('refuses to unpack an entry the archive states larger than the bound', async () => {
    const zip = path.join(dir, 'big.zip');
    await writeZip(zip, [{ name: 'flows.csv', content: lines(1_000) }]);
    const [entry] = await listZip(zip);
    const dest = path.join(dir, 'big.csv');
    await assert.rejects(extractEntry(entry!, dest, bound(1_000)), {
      message: `big.zip: flows.csv: ${entry!.size} bytes uncompressed, more than INGEST_MAX_BYTES (1000 bytes)`,
    });
    assert.equal(existsSync(dest), false);
  });
});
