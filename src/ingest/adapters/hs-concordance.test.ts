import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cell, row, textRow, writeWorkbook } from '../../../test/helpers/workbooks.js';
import { BAD_ROWS_KEPT } from '../staging.js';
import { DEFAULT_WORKBOOK_LIMITS, hs6Of, readHsConcordance } from './hs-concordance.js';

const CONVERSIONS = 'HS2022-HS1992 Conversions';
const CORRELATIONS = 'HS2022-HS1992 Correlations';

/** The UNSD layout: a conversion sheet, and a correlation sheet under a title row. */
const correlationHead = [textRow(1, ['Between', '', '']), textRow(2, ['HS 2022', 'HS 1992', 'Relationship'])];

describe('UNSD concordance workbooks: codes are text', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hs-concordance-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a formula or a number where a code is expected is a bad row, with its line; the other rows load', async () => {
    const file = path.join(dir, 'HS2022toHS1992.xlsx');
    await writeWorkbook(file, [
      {
        name: CONVERSIONS,
        rows: [
          textRow(1, ['From HS 2022', 'From HS 1992']),
          textRow(2, ['010121', '010111']),
          // A link to the code's page, cached as 0: read as a code, it was 000000.
          row(3, [
            cell.formula('A3', 'HYPERLINK("https://example.org/010129","010129")', 0),
            cell.text('B3', '010119'),
          ]),
          row(4, [cell.text('A4', '010130'), cell.number('B4', 10190)]),
          row(5, [cell.formula('A5', 'TEXT(10131,"000000")', '010131'), cell.text('B5', '010190')]),
        ],
      },
      {
        name: CORRELATIONS,
        rows: [
          ...correlationHead,
          textRow(3, ['010121', '010111', '1:1']),
          row(4, [cell.text('A4', '010129'), cell.text('B4', '010119'), cell.formula('C4', 'IF(1,"1:1")', '1:1')]),
          row(5, [cell.number('A5', 10130), cell.text('B5', '010190'), cell.text('C5', 'n:1')]),
        ],
      },
    ]);
    const t = await readHsConcordance(file);
    assert.deepEqual(t.conversions, [{ from_version: 2022, from_hs6: 10121, to_version: 1992, to_hs6: 10111 }]);
    assert.deepEqual(t.correlations, [
      { from_version: 2022, from_hs6: 10121, to_version: 1992, to_hs6: 10111, relationship: '1:1' },
    ]);
    const conv = `HS2022toHS1992.xlsx (${CONVERSIONS})`;
    const corr = `HS2022toHS1992.xlsx (${CORRELATIONS})`;
    assert.deepEqual(t.badRows, [
      { file: conv, line: 3, reason: '"0" is a formula, not an HS6 code' },
      { file: conv, line: 4, reason: '"10190" is a number, not an HS6 code written as text' },
      { file: conv, line: 5, reason: '"010131" is a formula, not an HS6 code' },
      { file: corr, line: 4, reason: 'relationship "1:1" is a formula' },
      { file: corr, line: 5, reason: '"10130" is a number, not an HS6 code written as text' },
    ]);
    assert.equal(t.badRowCount, 5);
  });

  it('an HS6 code is six digits written as text in a cell no formula computes', () => {
    const text = (s: string) => ({ text: s, type: 'string' as const, formula: false });
    assert.deepEqual(hs6Of(text(' 010121 ')), { code: 10121 });
    assert.deepEqual(hs6Of(text('10121')), { not: '"10121" is not an HS6 code' });
    assert.deepEqual(hs6Of(undefined), { not: '"" is not an HS6 code' });
    assert.deepEqual(hs6Of({ text: '010121', type: 'string', formula: true }), {
      not: '"010121" is a formula, not an HS6 code',
    });
    assert.deepEqual(hs6Of({ text: '#N/A', type: 'error', formula: false }), {
      not: '"#N/A" is an error, not an HS6 code written as text',
    });
  });

  it('keeps the first bad rows and counts them all', async () => {
    const file = path.join(dir, 'junk.xlsx');
    const n = BAD_ROWS_KEPT + 500;
    function* rows() {
      yield textRow(1, ['From HS 2022', 'From HS 1992']);
      for (let i = 2; i <= n + 1; i++) yield row(i, [cell.number(`A${i}`, i), cell.text(`B${i}`, '010111')]);
    }
    await writeWorkbook(file, [
      { name: CONVERSIONS, rows: rows() },
      { name: CORRELATIONS, rows: correlationHead },
    ]);
    const t = await readHsConcordance(file);
    assert.equal(t.badRows.length, BAD_ROWS_KEPT);
    assert.equal(t.badRowCount, n);
    assert.equal(t.badRows.at(-1)!.line, BAD_ROWS_KEPT + 1);
  });

  it('a sheet beyond the row bound fails as it streams, with one line naming the file', async () => {
    const file = path.join(dir, 'long.xlsx');
    function* rows() {
      yield textRow(1, ['From HS 2022', 'From HS 1992']);
      for (let i = 2; i <= 3_001; i++) yield textRow(i, ['010121', '010111']);
    }
    await writeWorkbook(file, [
      { name: CONVERSIONS, rows: rows() },
      { name: CORRELATIONS, rows: correlationHead },
    ]);
    await assert.rejects(readHsConcordance(file, { ...DEFAULT_WORKBOOK_LIMITS, maxRows: 3_000 }), {
      message: `long.xlsx: sheet "${CONVERSIONS}" has more than 3000 rows (an xlsx sheet is read up to 3000)`,
    });
  });
});
