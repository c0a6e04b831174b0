import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import writeExcelFile from 'write-excel-file/node';
import { INGEST_MAX_BYTES_DEFAULT } from '../settings.js';
import { cell, declareSize, row, textRow, writeWorkbook, writeZip } from '../../test/helpers/workbooks.js';
import { MAX_CELL_CHARS, XLSX_MAX_ROWS, XlsxWorkbook, type XlsxLimits, type XlsxRow } from './xlsx.js';
import { MAX_HELD_CHARS } from './xml-stream.js';

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

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/**
 * Writes a workbook of one sheet from its parts' XML as given (a sheet `S`, unless
 * `workbook` names others): for XML the workbook helper would not write.
 */
async function writeParts(
  file: string,
  parts: { sheet: string | Iterable<string>; workbook?: string; sharedStrings?: string },
): Promise<void> {
  const strings = parts.sharedStrings
    ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`
    : '';
  await writeZip(file, [
    {
      name: '_rels/.rels',
      content:
        `<Relationships xmlns="${PKG}">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content:
        parts.workbook ??
        `<workbook xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content:
        `<Relationships xmlns="${PKG}">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${strings}</Relationships>`,
    },
    ...(parts.sharedStrings ? [{ name: 'xl/sharedStrings.xml', content: parts.sharedStrings }] : []),
    { name: 'xl/worksheets/sheet1.xml', content: parts.sheet },
  ]);
}

/** A sheet's XML of `rows` (their XML). */
const sheetOf = (...rows: string[]) => `<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`;

/** The texts of the cells of each row. */
const texts = (rows: XlsxRow[]) => rows.map((r) => r.cells.map((c) => c?.text));

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

describe('an xlsx workbook whose XML is unusual or hostile', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'xlsx-xml-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads prefixed elements, a quoted > and any prefix in the sheet list, entities and character data', async () => {
    const file = path.join(dir, 'prefixed.xlsx');
    await writeParts(file, {
      workbook:
        `<?xml version="1.0" encoding="UTF-8"?>\n<x:workbook xmlns:x="urn:x" xmlns:ns1="${REL}"><x:sheets>` +
        `<x:sheet name='a>b &amp; c' sheetId="1" ns1:id="rId1"/></x:sheets></x:workbook>`,
      sheet:
        '<x:worksheet xmlns:x="urn:x"><x:sheetData><!-- a comment --><x:row r="2">' +
        '<x:c r="A2" t="inlineStr"><x:is><x:t>a &amp; b &lt;&#x41;&#66;&gt;</x:t></x:is></x:c>' +
        '<x:c r="B2" t="str"><x:f>A2</x:f><x:v><![CDATA[<raw> &amp;]]></x:v></x:c>' +
        '</x:row></x:sheetData></x:worksheet>',
    });
    const rows = await readSheet(file, 'a>b & c');
    assert.deepEqual(rows, [
      {
        line: 2,
        cells: [
          { text: 'a & b <AB>', type: 'string', formula: false },
          { text: '<raw> &amp;', type: 'string', formula: true },
        ],
      },
    ]);
  });

  it('reads characters of several bytes wherever the inflated pieces cut them', async () => {
    const file = path.join(dir, 'multibyte.xlsx');
    const text = (i: number) => `Ž€😀${i}`.repeat(8);
    function* rows() {
      for (let i = 1; i <= 5_000; i++) yield textRow(i, [text(i), 'é']);
    }
    await writeWorkbook(file, [{ name: 'S', rows: rows() }]);
    const got = await readSheet(file, 'S');
    assert.equal(got.length, 5_000);
    got.forEach((r, k) => assert.deepEqual(texts([r])[0], [text(k + 1), 'é'], `row ${k + 1}`));
  });

  it('keeps a cell and a shared string to MAX_CELL_CHARS, a rich string without its phonetic reading', async () => {
    const file = path.join(dir, 'long.xlsx');
    const long = 'y'.repeat(100_000);
    await writeParts(file, {
      sharedStrings:
        `<sst><si><t>${long}</t></si>` +
        '<si><r><t>ab</t></r><r><t xml:space="preserve">c </t></r><rPh><t>reading</t></rPh></si></sst>',
      sheet: sheetOf(
        `<row r="1">${cell.text('A1', long)}<c r="B1"><v>${'1'.repeat(300)}</v></c>` +
          `${cell.shared('C1', 0)}${cell.shared('D1', 1)}</row>`,
      ),
    });
    assert.deepEqual(texts(await readSheet(file, 'S')), [
      [long.slice(0, MAX_CELL_CHARS), '1'.repeat(MAX_CELL_CHARS), long.slice(0, MAX_CELL_CHARS), 'abc '],
    ]);
  });

  it('refuses a document type declaration (no entity of it expanded), one line naming the file and part', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
      '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>';
    const file = path.join(dir, 'doctype.xlsx');
    await writeParts(file, { sheet: `${laughs}${sheetOf(`<row r="1">${cell.text('A1', 'x')}</row>`)}` });
    await assert.rejects(readSheet(file, 'S'), {
      message:
        'doctype.xlsx: xl/worksheets/sheet1.xml: a document type declaration, which an office document never holds',
    });
    const strings = path.join(dir, 'doctype-strings.xlsx');
    await writeParts(strings, {
      sharedStrings: `${laughs}<sst><si><t>&lol2;</t></si></sst>`,
      sheet: sheetOf(`<row r="1">${cell.shared('A1', 0)}</row>`),
    });
    await assert.rejects(readSheet(strings, 'S'), {
      message:
        'doctype-strings.xlsx: xl/sharedStrings.xml: a document type declaration, which an office document never holds',
    });
  });

  it('fails on a tag or a text too long for the parser to hold, on XML that is not well formed', async () => {
    const tag = path.join(dir, 'tag.xlsx');
    await writeParts(tag, {
      sheet: [
        `<worksheet><sheetData><row r="1"><c r="`,
        'A'.repeat(2 * MAX_HELD_CHARS),
        '"/></row></sheetData></worksheet>',
      ],
    });
    await assert.rejects(readSheet(tag, 'S'), {
      message: `tag.xlsx: xl/worksheets/sheet1.xml: a tag, text or comment longer than ${MAX_HELD_CHARS} characters`,
    });
    const text = path.join(dir, 'text.xlsx');
    await writeParts(text, {
      sheet: [
        '<worksheet><sheetData><row r="1"><c r="A1"><v>',
        '1'.repeat(2 * MAX_HELD_CHARS),
        '</v></c></row></sheetData></worksheet>',
      ],
    });
    await assert.rejects(readSheet(text, 'S'), {
      message: `text.xlsx: xl/worksheets/sheet1.xml: a tag, text or comment longer than ${MAX_HELD_CHARS} characters`,
    });
    const cut = path.join(dir, 'cut.xlsx');
    await writeParts(cut, { sheet: `<worksheet><sheetData><row r="1"><c r="A1"` });
    await assert.rejects(
      readSheet(cut, 'S'),
      /^Error: cut\.xlsx: xl\/worksheets\/sheet1\.xml: line 1, column \d+: [^\n]+$/,
    );
    const entity = path.join(dir, 'entity.xlsx');
    await writeParts(entity, { sheet: sheetOf(`<row r="1"><c r="A1" t="inlineStr"><is><t>&nbsp;</t></is></c></row>`) });
    await assert.rejects(
      readSheet(entity, 'S'),
      /^Error: entity\.xlsx: xl\/worksheets\/sheet1\.xml: line 1, column \d+: undefined entity\.$/,
    );
  });
});
