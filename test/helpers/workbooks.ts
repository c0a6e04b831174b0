import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/**
 * Workbooks and zips in their real formats, written by tests: an xlsx is a zip of
 * SpreadsheetML parts, here the few a reader needs (content types, relationships,
 * the workbook, its sheets, optionally shared strings), cells written as Excel
 * writes them.
 */

const escaped = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Cells of a sheet row, as SpreadsheetML: `ref` is the cell's address (`A2`). */
export const cell = {
  /** A string written in the cell itself. */
  text: (ref: string, s: string) => `<c r="${ref}" t="inlineStr"><is><t>${escaped(s)}</t></is></c>`,
  /** A string of the shared-strings part, by its index. */
  shared: (ref: string, index: number) => `<c r="${ref}" t="s"><v>${index}</v></c>`,
  number: (ref: string, n: number) => `<c r="${ref}"><v>${n}</v></c>`,
  /** A formula and the value the spreadsheet cached for it: a number, or a string (`t="str"`). */
  formula: (ref: string, formula: string, cached: number | string) =>
    typeof cached === 'number'
      ? `<c r="${ref}"><f>${escaped(formula)}</f><v>${cached}</v></c>`
      : `<c r="${ref}" t="str"><f>${escaped(formula)}</f><v>${escaped(cached)}</v></c>`,
};

/** A sheet row (`r` from 1) of cells. */
export const row = (r: number, cells: string[]) => `<row r="${r}">${cells.join('')}</row>`;

/** A row of text cells from column A on. */
export const textRow = (r: number, texts: string[]) =>
  row(
    r,
    texts.map((t, k) => cell.text(`${String.fromCharCode(65 + k)}${r}`, t)),
  );

export interface SheetSpec {
  name: string;
  /** Its rows' XML, in order; a generator for a large sheet (written as it is compressed). */
  rows: Iterable<string> | AsyncIterable<string>;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const TYPES = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

async function* sheetXml(rows: Iterable<string> | AsyncIterable<string>): AsyncGenerator<string> {
  yield `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetData>`;
  let batch: string[] = [];
  for await (const r of rows) {
    batch.push(r);
    if (batch.length >= 1000) {
      yield batch.join('');
      batch = [];
    }
  }
  yield `${batch.join('')}</sheetData></worksheet>`;
}

/**
 * Writes an xlsx workbook of `sheets` (and `sharedStrings`, when given). `zip64`
 * writes every entry in the ZIP64 format (its sizes in 64-bit fields).
 */
export async function writeWorkbook(
  file: string,
  sheets: SheetSpec[],
  opts: { sharedStrings?: string[]; zip64?: boolean } = {},
): Promise<void> {
  const zip = new yazl.ZipFile();
  const options = { forceZip64Format: opts.zip64 ?? false };
  const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text), name, options);
  const overrides = sheets
    .map((_, k) => `<Override PartName="/xl/worksheets/sheet${k + 1}.xml" ContentType="${TYPES}.worksheet+xml"/>`)
    .join('');
  add(
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="${TYPES}.sheet.main+xml"/>` +
      `${overrides}</Types>`,
  );
  add(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PKG}">` +
      `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  add(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>` +
      sheets.map((s, k) => `<sheet name="${escaped(s.name)}" sheetId="${k + 1}" r:id="rId${k + 1}"/>`).join('') +
      `</sheets></workbook>`,
  );
  const strings = opts.sharedStrings
    ? `<Relationship Id="rId${sheets.length + 1}" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`
    : '';
  add(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PKG}">` +
      sheets
        .map((_, k) => `<Relationship Id="rId${k + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${k + 1}.xml"/>`)
        .join('') +
      `${strings}</Relationships>`,
  );
  if (opts.sharedStrings) {
    const list = opts.sharedStrings;
    add(
      'xl/sharedStrings.xml',
      `${XML}<sst xmlns="${MAIN}" count="${list.length}" uniqueCount="${list.length}">` +
        list.map((s) => `<si><t>${escaped(s)}</t></si>`).join('') +
        `</sst>`,
    );
  }
  sheets.forEach((s, k) =>
    zip.addReadStream(Readable.from(sheetXml(s.rows)), `xl/worksheets/sheet${k + 1}.xml`, options),
  );
  zip.end({ forceZip64Format: opts.zip64 ?? false, comment: '' });
  await pipeline(zip.outputStream, createWriteStream(file));
}

/** Writes a zip of named entries (deflated). */
export async function writeZip(
  file: string,
  entries: Array<{ name: string; content: string | Buffer | Iterable<string> }>,
  opts: { zip64?: boolean } = {},
): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const { name, content } of entries) {
    const options = { forceZip64Format: opts.zip64 ?? false };
    if (typeof content === 'string' || Buffer.isBuffer(content)) zip.addBuffer(Buffer.from(content), name, options);
    else zip.addReadStream(Readable.from(content), name, options);
  }
  zip.end({ forceZip64Format: opts.zip64 ?? false, comment: '' });
  await pipeline(zip.outputStream, createWriteStream(file));
}

const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;

/**
 * Rewrites the uncompressed size the central directory states for `entryName` (the
 * data are left as they are): a header that lies. Sizes beyond 32 bits need an entry
 * written in the ZIP64 format.
 */
export function declareSize(zip: string, entryName: string, bytes: number): void {
  const buf = readFileSync(zip);
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || buf.readUInt32LE(end) !== END) throw new Error(`${zip}: no end of central directory`);
  let at = buf.readUInt32LE(end + 16);
  if (at === 0xffffffff) {
    const locator = end - 20;
    if (buf.readUInt32LE(locator) !== ZIP64_END_LOCATOR) throw new Error(`${zip}: no ZIP64 end locator`);
    at = Number(buf.readBigUInt64LE(Number(buf.readBigUInt64LE(locator + 8)) + 48));
  }
  while (buf.readUInt32LE(at) === CENTRAL) {
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    if (name === entryName) {
      if (buf.readUInt32LE(at + 24) !== 0xffffffff) {
        if (bytes >= 2 ** 32) throw new Error(`${entryName}: write it in the ZIP64 format to declare ${bytes} bytes`);
        buf.writeUInt32LE(bytes, at + 24);
      } else {
        let extra = at + 46 + nameLength;
        while (buf.readUInt16LE(extra) !== ZIP64_EXTRA) extra += 4 + buf.readUInt16LE(extra + 2);
        buf.writeBigUInt64LE(BigInt(bytes), extra + 4);
      }
      writeFileSync(zip, buf);
      return;
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`${zip}: no entry ${entryName}`);
}
