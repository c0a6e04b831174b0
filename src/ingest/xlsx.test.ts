import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import writeExcelFile from 'write-excel-file/node';
import { INGEST_MAX_BYTES_DEFAULT } from '../settings.js';
import { cell, declareSize, row, textRow, writeWorkbook } from '../../test/helpers/workbooks.js';
import { XLSX_MAX_ROWS, XlsxWorkbook, type XlsxLimits, type XlsxRow } from './xlsx.js';

const DEFAULTS: XlsxLimits = { maxPartBytes: INGEST_MAX_BYTES_DEFAULT, maxRows: XLSX_MAX_ROWS };

async function readSheet(file: string, sheet: string, limits: XlsxLimits = DEFAULTS): Promise<XlsxRow[]> {
  const book = await XlsxWorkbook.open(file, limits);
  try {
    const rows: XlsxRow[] = [];
    for await (const r of book.rows(sheet)) rows.push(r);
    return rows;
  } finally {
    book.close();
  }
}

/** A sheet of `n` rows under a header. */
function* manyRows(n: number) {
  yield textRow(1, ['From HS 2022', 'From HS 1992']);
  for (let i = 2; i <= n + 1; i++) yield textRow(i, ['010121', '010111']);
}

describe('an xlsx workbook read as it streams', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'xlsx-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('gives each cell its text, its type and whether a formula computes it', async () => {
    const file = path.join(dir, 'cells.xlsx');
    await writeWorkbook(
      file,
      [
        {
          name: 'Q&A Conversions',
          rows: [
            row(1, [cell.shared('A1', 0), cell.text('B1', 'HS 1992')]),
            row(3, [
              cell.shared('A3', 1),
              cell.number('B3', 10121),
              cell.formula('C3', 'HYPERLINK("https://example.org/010121","010121")', 0),
              cell.formula('D3', 'A3', '010121'),
              '<c r="E3" t="b"><v>1</v></c>',
              '<c r="F3" s="1"/>',
              cell.shared('G3', 7),
            ]),
          ],
        },
      ],
      { sharedStrings: ['From HS 2022', '010121'] },
    );
    const book = await XlsxWorkbook.open(file, DEFAULTS);
    assert.deepEqual(book.sheets, ['Q&A Conversions']);
    book.close();
    assert.deepEqual(await readSheet(file, 'Q&A Conversions'), [
      {
        line: 1,
        cells: [
          { text: 'From HS 2022', type: 'string', formula: false },
          { text: 'HS 1992', type: 'string', formula: false },
        ],
      },
      {
        line: 3,
        cells: [
          { text: '010121', type: 'string', formula: false },
          { text: '10121', type: 'number', formula: false },
          { text: '0', type: 'number', formula: true },
          { text: '010121', type: 'string', formula: true },
          { text: '1', type: 'boolean', formula: false },
          undefined,
          { text: 'shared string 7, which the workbook lacks', type: 'error', formula: false },
        ],
      },
    ]);
  });

  it('reads what write-excel-file writes', async () => {
    const file = path.join(dir, 'written.xlsx');
    await writeExcelFile([
      {
        sheet: 'One',
        data: [
          [{ value: 'a' }, { value: 12.5 }, { value: true }],
          [{ value: 'SUM(B1)', type: 'Formula' }, null, { value: 'c' }],
        ],
      },
      { sheet: 'Two', data: [[{ value: 'x' }]] },
    ]).toFile(file);
    const rows = await readSheet(file, 'One');
    assert.deepEqual(
      rows.map((r) => [r.line, r.cells.map((c) => c && [c.text, c.type, c.formula])]),
      [
        [
          1,
          [
            ['a', 'string', false],
            ['12.5', 'number', false],
            ['1', 'boolean', false],
          ],
        ],
        [2, [['', 'number', true], undefined, ['c', 'string', false]]],
      ],
    );
    assert.deepEqual(
      (await readSheet(file, 'Two')).map((r) => r.cells[0]?.text),
      ['x'],
    );
  });

  it('fails past the row bound as the rows stream, with one line naming the file and the sheet', async () => {
    const file = path.join(dir, 'long.xlsx');
    await writeWorkbook(file, [{ name: 'S', rows: manyRows(5_000) }]);
    const book = await XlsxWorkbook.open(file, { ...DEFAULTS, maxRows: 1_000 });
    let read = 0;
    await assert.rejects(
      async () => {
        for await (const _ of book.rows('S')) read++;
      },
      (err: Error) => {
        assert.equal(err.message, 'long.xlsx: sheet "S" has more than 1000 rows (an xlsx sheet is read up to 1000)');
        return true;
      },
    );
    book.close();
    assert.ok(read <= 1_000, `${read} rows read before the refusal`);
    assert.equal((await readSheet(file, 'S', { ...DEFAULTS, maxRows: 5_001 })).length, 5_001);
  });

  it('refuses a part the archive states larger than the bound before inflating any', async () => {
    const file = path.join(dir, 'wide.xlsx');
    await writeWorkbook(file, [{ name: 'S', rows: manyRows(1_000) }]);
    await assert.rejects(
      XlsxWorkbook.open(file, { ...DEFAULTS, maxPartBytes: 10_000 }),
      /^Error: wide\.xlsx: xl\/worksheets\/sheet1\.xml: \d+ bytes uncompressed, more than INGEST_MAX_BYTES \(10000 b/,
    );
  });

  it('at the default bound too: a part stated at 21 GB (ZIP64) is refused at once', async () => {
    const file = path.join(dir, 'huge.xlsx');
    await writeWorkbook(file, [{ name: 'S', rows: manyRows(10) }], { zip64: true });
    declareSize(file, 'xl/worksheets/sheet1.xml', 21_000_000_000);
    const started = Date.now();
    await assert.rejects(XlsxWorkbook.open(file, DEFAULTS), {
      message:
        'huge.xlsx: xl/worksheets/sheet1.xml: 21000000000 bytes uncompressed, ' +
        'more than INGEST_MAX_BYTES (20000000000 bytes)',
    });
    assert.ok(Date.now() - started < 2_000);
  });

  it('fails while inflating a part whose header states less than it holds', async () => {
    const file = path.join(dir, 'lying.xlsx');
    await writeWorkbook(file, [{ name: 'S', rows: manyRows(50_000) }]);
    declareSize(file, 'xl/worksheets/sheet1.xml', 1_000);
    await assert.rejects(
      readSheet(file, 'S', { ...DEFAULTS, maxPartBytes: 2_000 }),
      /^Error: lying\.xlsx: xl\/worksheets\/sheet1\.xml: inflates to more than the 1000 bytes the archive states$/,
    );
  });

  it('names the file it cannot read', async () => {
    await assert.rejects(
      XlsxWorkbook.open(path.join(dir, 'cells.xlsx'), DEFAULTS).then((b) => readSheetOf(b, 'Nope')),
      {
        message: 'cells.xlsx: no sheet "Nope"',
      },
    );
  });
});

async function readSheetOf(book: XlsxWorkbook, sheet: string): Promise<void> {
  try {
    for await (const _ of book.rows(sheet)) void _;
  } finally {
    book.close();
  }
}
