import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { readCurrentName } from '../src/store/snapshot-layout.js';
import { entryArgs } from './helpers/processes.js';
import { ROOT } from './helpers/paths.js';
import { cell, declareSize, row, textRow, writeWorkbook, writeZip } from './helpers/workbooks.js';

/**
 * Files an operator feeds in are bounded (CONTRACT §9): by their uncompressed size
 * (`INGEST_MAX_BYTES`) and, for a workbook, its rows, checked while streaming, and
 * fail with one line naming the file; a formula or a number where a code is expected
 * is a bad row. Hostile files are written here, in their real formats.
 */

const run = promisify(execFile);

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  /** Wall time (s) and peak resident memory (KiB), when `/usr/bin/time` measured them. */
  wallS?: number;
  peakKb?: number;
}

const TIME = '/usr/bin/time';

/** `npm run ingest -- <args>` as a process, measured by `/usr/bin/time` when it is there. */
async function ingest(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const measured = existsSync(TIME);
  const [cmd, argv] = measured
    ? [TIME, ['-f', 'measured %e s %M KiB', process.execPath, ...entryArgs('src/cli/ingest.ts'), ...args]]
    : [process.execPath, [...entryArgs('src/cli/ingest.ts'), ...args]];
  let r: { code: number; stdout: string; stderr: string };
  try {
    const { stdout, stderr } = await run(cmd, argv, {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      maxBuffer: 64 * 2 ** 20,
    });
    r = { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    r = { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
  const m = /^measured ([\d.]+) s (\d+) KiB$/m.exec(r.stderr);
  // What /usr/bin/time adds: its measure, and the exit status it passes on.
  const stderr = r.stderr.replace(/^(measured .*|Command exited with non-zero status \d+)\n?/gm, '');
  return m ? { ...r, stderr, wallS: Number(m[1]), peakKb: Number(m[2]) } : { ...r, stderr };
}

/** Lines of stderr that are neither progress nor the DATA_DIR notice. */
const reported = (stderr: string) =>
  stderr.split('\n').filter((l) => l && !l.startsWith('progress: ') && !l.startsWith('DATA_DIR '));

/** Asserts the ingest failed with exactly one line, `ingest failed: <expected>`, and published nothing. */
async function failsWith(r: Ran, dataDir: string, expected: string | RegExp): Promise<void> {
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const lines = reported(r.stderr);
  assert.equal(lines.length, 1, r.stderr);
  if (typeof expected === 'string') assert.equal(lines[0], `ingest failed: ${expected}`);
  else assert.match(lines[0]!, expected);
  assert.equal(await readCurrentName(dataDir), undefined, 'nothing was published');
}

const CONVERSIONS = 'HS2022-HS1992 Conversions';
const CORRELATIONS = 'HS2022-HS1992 Correlations';
const correlationHead = [textRow(1, ['Between', '', '']), textRow(2, ['HS 2022', 'HS 1992', 'Relationship'])];

describe('ingest hs: a hostile UNSD workbook', () => {
  let work: string;
  before(() => {
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-limits-hs-'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('a sheet of more than a million rows fails as it streams, in small memory, naming the file', async (t) => {
    // As reported: an 8 MB workbook of a 120 MB sheet (68 s, 1.46 GB, then a stack overflow).
    const file = path.join(work, 'hostile.xlsx');
    function* rows() {
      yield textRow(1, ['From HS 2022', 'From HS 1992']);
      for (let i = 2; i <= 1_000_002; i++) yield textRow(i, ['010121', '010111']);
    }
    await writeWorkbook(file, [
      { name: CONVERSIONS, rows: rows() },
      { name: CORRELATIONS, rows: correlationHead },
    ]);
    const dataDir = path.join(work, 'data-rows');
    const r = await ingest(dataDir, ['hs', file]);
    await failsWith(
      r,
      dataDir,
      `hostile.xlsx: sheet "${CONVERSIONS}" has more than 1000000 rows (an xlsx sheet is read up to 1000000)`,
    );
    if (r.peakKb === undefined) return t.diagnostic(`${TIME} is missing: time and memory not measured`);
    t.diagnostic(`${r.wallS} s, peak RSS ${Math.round(r.peakKb / 1024)} MiB`);
    assert.ok(r.peakKb < 400 * 1024, `peak RSS ${Math.round(r.peakKb / 1024)} MiB`);
    assert.ok(r.wallS! < 60, `${r.wallS} s`);
  });

  it('a part stated beyond INGEST_MAX_BYTES (21 GB, ZIP64) is refused before any is read', async () => {
    const file = path.join(work, 'huge.xlsx');
    await writeWorkbook(
      file,
      [
        { name: CONVERSIONS, rows: [textRow(1, ['From HS 2022', 'From HS 1992']), textRow(2, ['010121', '010111'])] },
        { name: CORRELATIONS, rows: correlationHead },
      ],
      { zip64: true },
    );
    declareSize(file, 'xl/worksheets/sheet1.xml', 21_000_000_000);
    const dataDir = path.join(work, 'data-huge');
    await failsWith(
      await ingest(dataDir, ['hs', file]),
      dataDir,
      'huge.xlsx: xl/worksheets/sheet1.xml: 21000000000 bytes uncompressed, ' +
        'more than INGEST_MAX_BYTES (20000000000 bytes)',
    );
  });

  it('a part whose header states less than it inflates to fails while inflating', async () => {
    const file = path.join(work, 'lying.xlsx');
    function* rows() {
      yield textRow(1, ['From HS 2022', 'From HS 1992']);
      for (let i = 2; i <= 20_000; i++) yield textRow(i, ['010121', '010111']);
    }
    await writeWorkbook(file, [
      { name: CONVERSIONS, rows: rows() },
      { name: CORRELATIONS, rows: correlationHead },
    ]);
    declareSize(file, 'xl/worksheets/sheet1.xml', 5_000);
    const dataDir = path.join(work, 'data-lying');
    await failsWith(
      await ingest(dataDir, ['hs', file], { INGEST_MAX_BYTES: '10000' }),
      dataDir,
      'lying.xlsx: xl/worksheets/sheet1.xml: inflates to more than the 5000 bytes the archive states',
    );
  });

  it('a formula or a number in a code column is a bad row, listed with its line and counted', async () => {
    const file = path.join(work, 'HS2022toHS1992.xlsx');
    await writeWorkbook(file, [
      {
        name: CONVERSIONS,
        rows: [
          textRow(1, ['From HS 2022', 'From HS 1992']),
          textRow(2, ['010121', '010111']),
          row(3, [
            cell.formula('A3', 'HYPERLINK("https://example.org/010129","010129")', 0),
            cell.text('B3', '010119'),
          ]),
          row(4, [cell.text('A4', '010130'), cell.number('B4', 10190)]),
        ],
      },
      { name: CORRELATIONS, rows: [...correlationHead, textRow(3, ['010121', '010111', '1:1'])] },
    ]);
    const dataDir = path.join(work, 'data-cells');
    const r = await ingest(dataDir, ['hs', file]);
    assert.equal(r.code, 1);
    assert.deepEqual(reported(r.stderr), [
      `bad row HS2022toHS1992.xlsx (${CONVERSIONS}):3: "0" is a formula, not an HS6 code`,
      `bad row HS2022toHS1992.xlsx (${CONVERSIONS}):4: "10190" is a number, not an HS6 code written as text`,
      'ingest failed: 2 bad rows, more than the 0 allowed: nothing was loaded',
    ]);
    assert.equal(await readCurrentName(dataDir), undefined);
  });

  it('INGEST_MAX_BYTES that is not a number of bytes stops the ingest with one line', async () => {
    const dataDir = path.join(work, 'data-setting');
    await failsWith(
      await ingest(dataDir, ['hs', path.join(work, 'HS2022toHS1992.xlsx')], { INGEST_MAX_BYTES: '20GB' }),
      dataDir,
      /^ingest failed: INGEST_MAX_BYTES must be an integer >= 1, got "20GB": .*\(20000000000\)$/,
    );
  });
});

const CODE_LIST_HEADER = '"country_code","country_name","country_iso2","country_iso3"';
const CODE_LIST = `${CODE_LIST_HEADER}\n710,"South Africa","ZA","ZAF"\n842,"USA","US","USA"\n`;
const FLOWS = '"t","i","j","k","v","q"\n2021,710,842,850760,1.000,NA\n2021,842,710,850760,2.500,"        1.500"\n';

describe('ingest baci: a hostile release zip', () => {
  let work: string;
  before(() => {
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-limits-baci-'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('a country-code entry beyond a few MB is refused before it is read whole, naming it', async () => {
    const zip = path.join(work, 'BACI_HS92_V202501.zip');
    function* codes() {
      yield `${CODE_LIST_HEADER}\n`;
      for (let i = 0; i < 200_000; i++) yield `${1000 + i},"Somewhere ${i}","ZA","ZAF"\n`;
    }
    await writeZip(zip, [
      { name: 'country_codes_V202501.csv', content: codes() },
      { name: 'BACI_HS92_Y2021_V202501.csv', content: FLOWS },
    ]);
    const dataDir = path.join(work, 'data-codes');
    await failsWith(
      await ingest(dataDir, ['baci', zip]),
      dataDir,
      new RegExp(
        String.raw`^ingest failed: BACI_HS92_V202501\.zip: country_codes_V202501\.csv: \d+ bytes uncompressed, ` +
          String.raw`more than a country-code list's bound \(4194304 bytes\)$`,
      ),
    );
  });

  it('a flows entry beyond INGEST_MAX_BYTES is refused before it is unpacked, naming it', async () => {
    const zip = path.join(work, 'BACI_HS92_V202502.zip');
    await writeZip(zip, [
      { name: 'country_codes_V202502.csv', content: CODE_LIST },
      { name: 'BACI_HS92_Y2021_V202502.csv', content: FLOWS },
    ]);
    const dataDir = path.join(work, 'data-flows');
    await failsWith(
      await ingest(dataDir, ['baci', zip], { INGEST_MAX_BYTES: '64' }),
      dataDir,
      `BACI_HS92_V202502.zip: BACI_HS92_Y2021_V202502.csv: ${Buffer.byteLength(FLOWS)} bytes uncompressed, ` +
        'more than INGEST_MAX_BYTES (64 bytes)',
    );
  });

  it('a flows file beyond INGEST_MAX_BYTES is refused before it is read, naming it', async () => {
    const flows = path.join(work, 'baci-hs92-2021.csv');
    const codes = path.join(work, 'country-codes.csv');
    writeFileSync(flows, FLOWS);
    writeFileSync(codes, CODE_LIST);
    const dataDir = path.join(work, 'data-file');
    await failsWith(
      await ingest(dataDir, ['baci', flows, codes], { INGEST_MAX_BYTES: '64' }),
      dataDir,
      `baci-hs92-2021.csv: ${Buffer.byteLength(FLOWS)} bytes, more than INGEST_MAX_BYTES (64 bytes)`,
    );
  });

  it('a flows entry whose header states less than it holds fails while it is unpacked, naming it', async () => {
    const zip = path.join(work, 'BACI_HS92_V202503.zip');
    await writeZip(zip, [
      { name: 'country_codes_V202503.csv', content: CODE_LIST },
      { name: 'BACI_HS92_Y2021_V202503.csv', content: FLOWS },
    ]);
    declareSize(zip, 'BACI_HS92_Y2021_V202503.csv', 40);
    const dataDir = path.join(work, 'data-lying');
    await failsWith(
      await ingest(dataDir, ['baci', zip], { INGEST_MAX_BYTES: '64' }),
      dataDir,
      'BACI_HS92_V202503.zip: BACI_HS92_Y2021_V202503.csv: inflates to more than the 40 bytes the archive states',
    );
  });

  it('loads a release within the bounds; its progress lines show rows a second', async () => {
    const zip = path.join(work, 'BACI_HS92_V202504.zip');
    await writeZip(zip, [
      { name: 'country_codes_V202504.csv', content: CODE_LIST },
      { name: 'BACI_HS92_Y2021_V202504.csv', content: FLOWS },
    ]);
    const dataDir = path.join(work, 'data-ok');
    const r = await ingest(dataDir, ['baci', zip], { INGEST_MAX_BYTES: String(Buffer.byteLength(FLOWS)) });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /: 2 annual flows, 0 monthly flows \(HS 1992\), 0 bad rows/);
    const read = r.stderr.split('\n').filter((l) => l.startsWith('progress: trade ingest: ') && l.includes(' read '));
    assert.ok(
      read.some((l) =>
        /^progress: trade ingest: \d+% read 1 file \(phase 1\/6\), 2 rows, [\d,]+ rows\/s, \d+ s$/.test(l),
      ),
      read.join('\n'),
    );
  });
});
