import type { DuckDBConnection } from '@duckdb/node-api';
import { parse } from 'csv-parse/sync';
import { closeSync, openSync, readFileSync, readSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Areas, type AreaRef } from '../areas.js';
import { NotLoaded } from '../report.js';
import { BAD_ROWS_KEPT, type StageContext, type Staged, type TradeInput } from '../staging.js';
import type { BadRow } from '../types.js';
import { extractEntry, listZip, readEntry, type ByteBound, type ZipEntry } from '../zip.js';
import { physicalLines } from './lines.js';
import { INGEST_MAX_BYTES_DEFAULT } from '../../settings.js';
import { readNumber, readRows, type JsonRow } from '../../store/rows.js';

const EDITIONS: Record<string, number> = {
  HS92: 1992,
  HS96: 1996,
  HS02: 2002,
  HS07: 2007,
  HS12: 2012,
  HS17: 2017,
  HS22: 2022,
};

/** The HS edition a BACI file name carries (`baci-hs92-…`, `BACI_HS22_V202501.zip`), if any. */
export function hsEditionFromName(name: string): number | undefined {
  const m = /hs(92|96|02|07|12|17|22)/i.exec(name);
  return m ? EDITIONS[`HS${m[1]}`] : undefined;
}

/** UTF-8 text, or Latin-1 when the bytes are not UTF-8 (BACI code lists are written in Latin-1). */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

const usable = (code: string | undefined) => {
  const c = (code ?? '').trim().toUpperCase();
  return c === '' || c === 'N/A' || c === 'NA' ? undefined : c;
};

/** A country of the release's code list: its ISO codes (when usable) and its name. */
interface Listed {
  iso2?: string;
  iso3?: string;
  name: string;
}

/** A CSV of the release: a plain file, or a file inside the release's zip. */
type Source =
  | { kind: 'file'; path: string; name: string; size: number }
  | { kind: 'zip'; entry: ZipEntry; name: string; size: number };

/** The columns of a flows file: year, exporter, importer, product, value, quantity. */
const FLOW_COLUMNS = ['t', 'i', 'j', 'k', 'v', 'q'] as const;
type FlowColumn = (typeof FLOW_COLUMNS)[number];

/** The lower-cased column names of a CSV's first line (a BOM and quotes removed). */
function headerOf(firstLine: string): string[] {
  return firstLine
    .replace(/^\uFEFF/, '')
    .split(',')
    .map((h) =>
      h
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim()
        .toLowerCase(),
    );
}

function isCodeList(header: string[]): boolean {
  return header.includes('country_code') && (header.includes('iso_2digit_alpha') || header.includes('country_iso2'));
}

const isFlows = (header: string[]) => FLOW_COLUMNS.every((c) => header.includes(c));

/**
 * A country-code list is a few kilobytes (some 250 countries); one larger than this
 * is refused before it is read whole.
 */
const COUNTRY_LIST_BOUND: ByteBound = { bytes: 4 * 1024 * 1024, name: "a country-code list's bound" };

/** The first 64 KiB of a file. */
function headOf(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(65536);
    return buf.subarray(0, readSync(fd, buf, 0, buf.length, 0));
  } finally {
    closeSync(fd);
  }
}

/** The first line of a file, read from its first 64 KiB. */
const firstLineOf = (file: string) => headOf(file).toString('latin1').split(/\r?\n/)[0] ?? '';

/**
 * Rows a byte of a CSV, from the whole lines after the header in its first 64 KiB
 * (0 when none is whole there): the rows of a file being read are estimated from its
 * bytes read.
 */
export function rowsPerByte(head: Buffer): number {
  const header = head.indexOf(0x0a);
  const last = head.lastIndexOf(0x0a);
  if (header < 0 || last <= header) return 0;
  let lines = 0;
  for (let at = header; at < last; at = head.indexOf(0x0a, at + 1)) lines++;
  return lines / (last - header);
}

/** Refuses a file (or a zip's entry, by the size the zip states) of more than `bound` bytes, naming it. */
function refuseLarger(source: Source, bound: ByteBound): void {
  if (source.size <= bound.bytes) return;
  const [name, size] =
    source.kind === 'zip'
      ? [`${path.basename(source.entry.zip)}: ${source.entry.entryName}`, `${source.size} bytes uncompressed`]
      : [source.name, `${source.size} bytes`];
  throw new Error(`${name}: ${size}, more than ${bound.name} (${bound.bytes} bytes)`);
}

/** Adds the rows of a BACI country-code list. */
function readCountryList(text: string, listed: Map<number, Listed>): void {
  const rows: string[][] = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  const header = (rows[0] ?? []).map((h) => h.toLowerCase());
  const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const code = col('country_code');
  const iso2 = col('iso_2digit_alpha', 'country_iso2');
  const iso3 = col('iso_3digit_alpha', 'country_iso3');
  const full = col('country_name_full', 'country_name');
  const short = col('country_name_abbreviation');
  for (const record of rows.slice(1)) {
    const n = Number(record[code]);
    if (!Number.isInteger(n)) continue;
    listed.set(n, {
      iso2: usable(record[iso2]),
      iso3: usable(record[iso3]),
      name: (record[full] || record[short] || '').trim(),
    });
  }
}

/**
 * Places BACI country codes: by the release's list when it gives an ISO code, else
 * by `mappings/areas.json`; remembers every country or area placed.
 */
class Placer {
  readonly countries = new Map<string, AreaRef>();
  private readonly areas = Areas.load();

  constructor(private readonly listed: ReadonlyMap<number, Listed>) {}

  place(n: number): AreaRef | undefined {
    const ref = this.lookUp(n);
    if (ref && !this.countries.has(ref.iso2)) this.countries.set(ref.iso2, ref);
    return ref;
  }

  /** The name the release's list gives a country code, if any. */
  nameOf(code: string | undefined): string | undefined {
    return this.listed.get(Number(code))?.name || undefined;
  }

  private lookUp(n: number): AreaRef | undefined {
    const entry = this.listed.get(n);
    // The list's ISO3 first: its ISO2 column is sometimes empty (Namibia, "NA") or not ISO (FQ for TF).
    const ref = this.areas.iso(entry?.iso3) ?? this.areas.iso(entry?.iso2);
    if (ref) return ref;
    // A former country the list still names by its withdrawn code (AN, CS …), when the shipped table does not.
    if (entry?.iso2 && /^[A-Z]{2}$/.test(entry.iso2) && !this.areas.numeric(n))
      return { iso2: entry.iso2, iso3: entry.iso3 ?? null, name: entry.name || entry.iso2, region: null };
    return this.areas.numeric(n);
  }
}

/** Every CSV the given paths hold: files, the CSVs of folders, the entries of zips (in name order). */
async function sourcesOf(paths: string[]): Promise<Source[]> {
  const sources: Source[] = [];
  for (const p of paths) {
    if (statSync(p).isDirectory()) {
      const names = readdirSync(p)
        .filter((f) => /\.(csv|zip)$/i.test(f))
        .sort();
      sources.push(...(await sourcesOf(names.map((f) => path.join(p, f)))));
    } else if (/\.zip$/i.test(p)) {
      for (const entry of await listZip(p)) {
        if (/\.csv$/i.test(entry.name)) sources.push({ kind: 'zip', entry, name: entry.name, size: entry.size });
      }
    } else {
      sources.push({ kind: 'file', path: p, name: path.basename(p), size: statSync(p).size });
    }
  }
  return sources;
}

/** A release sorted out: its code list read, its flows files named, its edition known. */
interface Release {
  listed: Map<number, Listed>;
  flows: Source[];
  hsVersion: number;
  /** What a flows file may hold uncompressed (`INGEST_MAX_BYTES`). */
  flowBound: ByteBound;
}

/**
 * Sorts a release's CSVs into the country-code list and the flows files, by their
 * header (a zip's entries by their names: `country_codes_*`, `product_codes_*`,
 * the rest flows). The edition is given, or in a file's or the zip's name.
 */
async function sortRelease(paths: string[], hsVersion: number | undefined, flowBound: ByteBound): Promise<Release> {
  const listed = new Map<number, Listed>();
  const flows: Source[] = [];
  for (const source of await sourcesOf(paths)) {
    if (source.kind === 'zip') {
      if (/^product_codes/i.test(source.name)) continue;
      if (/^country_codes/i.test(source.name))
        readCountryList(decode(await readEntry(source.entry, COUNTRY_LIST_BOUND)), listed);
      else {
        // Stated sizes first: a release too large is refused before any entry is unpacked.
        refuseLarger(source, flowBound);
        flows.push(source);
      }
      hsVersion ??= hsEditionFromName(source.name) ?? hsEditionFromName(path.basename(source.entry.zip));
      continue;
    }
    const header = headerOf(firstLineOf(source.path));
    if (isCodeList(header)) {
      refuseLarger(source, COUNTRY_LIST_BOUND);
      readCountryList(decode(readFileSync(source.path)), listed);
    } else if (isFlows(header)) {
      refuseLarger(source, flowBound);
      flows.push(source);
      hsVersion ??= hsEditionFromName(source.name);
    } else throw new Error(`${source.name}: neither a BACI flows file (t,i,j,k,v,q) nor a BACI country-code list`);
  }
  if (listed.size === 0)
    throw new Error('BACI needs its country-code list (country_codes_V*.csv) beside the flows file');
  if (flows.length === 0) throw new Error('no BACI flows file (t,i,j,k,v,q) among the inputs');
  if (!hsVersion) throw new Error('the HS edition is not in the file name: give --hs-version');
  return { listed, flows, hsVersion, flowBound };
}

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * One flows file read by DuckDB's CSV reader into `temp.baci_file`, typed: a value
 * in USD and a quantity in kg (rounded as the source's thousands and tonnes with
 * three decimals allow), and for a row that fails a check, the first check it
 * fails and the text that failed it. Countries are placed afterwards, by code.
 */
function fileSql(file: string, header: string[]): string {
  const at = (c: FlowColumn) => `trim(c${header.indexOf(c)})`;
  const columns = header.map((_, k) => `'c${k}': 'VARCHAR'`).join(', ');
  const [t, i, j, k, v, q] = FLOW_COLUMNS.map(at) as [string, string, string, string, string, string];
  const year = `TRY_CAST(${t} AS INTEGER)`;
  const value = `TRY_CAST(${v} AS DOUBLE)`;
  const noQty = `(${q} IS NULL OR ${q} = '' OR upper(${q}) = 'NA')`;
  const qty = `TRY_CAST(${q} AS DOUBLE)`;
  const badYear = `(${year} IS NULL OR ${year} NOT BETWEEN 1988 AND 2100)`;
  const badProduct = `NOT coalesce(regexp_full_match(${k}, '[0-9]{1,6}'), false)`;
  const badValue = `(${value} IS NULL OR NOT isfinite(${value}) OR ${value} < 0)`;
  const badQty = `(NOT ${noQty} AND (${qty} IS NULL OR NOT isfinite(${qty})))`;
  return `CREATE OR REPLACE TEMP TABLE baci_file AS SELECT
      CASE WHEN NOT ${badYear} THEN ${year} END::SMALLINT AS year,
      TRY_CAST(${i} AS INTEGER) AS i, TRY_CAST(${j} AS INTEGER) AS j,
      CASE WHEN NOT ${badProduct} THEN ${k}::INTEGER END AS hs6,
      round(${value} * 1000) AS value,
      CASE WHEN NOT ${noQty} THEN round(${qty} * 1000) END AS qty,
      CASE WHEN ${badYear} THEN 'year' WHEN ${badProduct} THEN 'product' WHEN ${badValue} THEN 'value'
        WHEN ${badQty} THEN 'quantity' END AS bad_field,
      CASE WHEN ${badYear} THEN ${t} WHEN ${badProduct} THEN ${k} WHEN ${badValue} THEN ${v}
        WHEN ${badQty} THEN ${q} END AS bad_text,
      CASE WHEN TRY_CAST(${i} AS INTEGER) IS NULL THEN coalesce(${i}, '') END AS i_text,
      CASE WHEN TRY_CAST(${j} AS INTEGER) IS NULL THEN coalesce(${j}, '') END AS j_text
    FROM read_csv(${sqlText(file)}, header = true, auto_detect = false, delim = ',', quote = '"', escape = '"',
      null_padding = true, columns = {${columns}})`;
}

/** The columns a bad row is described from. */
const BAD_ROW_FIELDS = ['ordinal', 'i', 'j', 'i_text', 'j_text', 'bad_field', 'bad_text', 'e_iso2', 'm_iso2'] as const;

/** Why a row of `temp.baci_file` is bad, from the columns the bad-row query returns (text, numbers, nulls). */
function reason(r: JsonRow<(typeof BAD_ROW_FIELDS)[number]>, placer: Placer): string {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  if (r.bad_field === 'year') return `year "${text(r.bad_text)}" is not a year`;
  if (r.e_iso2 === null || r.m_iso2 === null) {
    const [side, code] = r.e_iso2 === null ? ['exporter', r.i_text ?? r.i] : ['importer', r.j_text ?? r.j];
    const name = placer.nameOf(text(code));
    const named = `${side} "${text(code)}"${name ? ` (${name})` : ''}`;
    return `${named} has no ISO code in the country list and none in mappings/areas.json`;
  }
  if (r.bad_field === 'product') return `product "${text(r.bad_text)}" is not an HS6 code`;
  if (r.bad_field === 'value') return `value "${text(r.bad_text)}" is not a number of thousand USD`;
  return `quantity "${text(r.bad_text)}" is not a number of tonnes`;
}

/**
 * Reading figures for the progress lines: the file (n of m), the rows read so far
 * and the share of the release's bytes read; the progress lines add their rate and
 * the time left. DuckDB reports how far into a file it is, not its rows: a file's
 * rows are estimated from its bytes read, at the rows per byte of the files before
 * it (of its own first lines for the first).
 */
class ReadMeter {
  private rows = 0;
  private bytes = 0;
  /** The file being read: its label and the rows a byte of its first lines. */
  private file = { label: '', rowsPerByte: 0 };

  constructor(
    private readonly ctx: StageContext,
    private readonly totalBytes: number,
    private readonly files: number,
  ) {}

  /** File `n` (from 1) is the one read now; `rowsPerByte`: of its first lines. */
  start(n: number, name: string, rowsPerByte: number): void {
    this.file = { label: `read ${name} (file ${n}/${this.files})`, rowsPerByte };
  }

  /** The file is read to `fileBytes` bytes (0: it starts). */
  report(fileBytes: number): void {
    const perByte = this.bytes > 0 ? this.rows / this.bytes : this.file.rowsPerByte;
    const rows = Math.round(this.rows + fileBytes * perByte);
    const label = this.file.label;
    if (fileBytes === 0) this.ctx.progress.phase(label, rows);
    else this.ctx.progress.update(label, rows, (this.bytes + fileBytes) / this.totalBytes);
  }

  /** A file is read: its rows and bytes. */
  add(rows: number, bytes: number): void {
    this.rows += rows;
    this.bytes += bytes;
  }

  /** Every file is read: a line with their rows, at once. */
  finish(): void {
    this.ctx.progress.report(`read ${this.files} file${this.files === 1 ? '' : 's'}`, this.rows, 1);
  }
}

class BaciStager {
  private readonly placer: Placer;
  private readonly badRows: BadRow[] = [];
  private badRowCount = 0;

  constructor(
    private readonly release: Release,
    private readonly conn: DuckDBConnection,
    private readonly ctx: StageContext,
  ) {
    this.placer = new Placer(release.listed);
  }

  async run(): Promise<Staged> {
    const { conn } = this;
    await conn.run('CREATE TEMP TABLE baci_codes (code INTEGER PRIMARY KEY, iso2 VARCHAR)');
    // The reader's progress, polled while a file is read; never drawn.
    await conn.run('SET enable_progress_bar = true');
    await conn.run('SET enable_progress_bar_print = false');
    const files = this.release.flows;
    const meter = new ReadMeter(
      this.ctx,
      files.reduce((n, f) => n + f.size, 0),
      files.length,
    );
    for (const [n, source] of files.entries()) {
      const file = await this.localFile(source);
      try {
        meter.start(n + 1, source.name, rowsPerByte(headOf(file)));
        const rows = await this.readFile(file, source, (bytes) => meter.report(bytes));
        meter.add(rows, source.size);
      } catch (err) {
        throw new Error(`${source.name}: ${String((err as Error).message).split('\n')[0]}`);
      } finally {
        if (source.kind === 'zip') rmSync(file, { force: true });
      }
    }
    meter.finish();
    await conn.run('DROP TABLE IF EXISTS temp.baci_file');
    const { hsVersion } = this.release;
    const { countries } = this.placer;
    return { hsVersion, countries, badRows: this.badRows, badRowCount: this.badRowCount, unmapped: new NotLoaded() };
  }

  /**
   * A plain file as it is; a zip entry unpacked into the scratch folder (refused when
   * it states more than the release's bound or the space free there).
   */
  private async localFile(source: Source): Promise<string> {
    if (source.kind === 'file') return source.path;
    const dest = path.join(this.ctx.scratchDir, source.name.replace(/[^\w.-]/g, '_'));
    await extractEntry(source.entry, dest, this.release.flowBound);
    return dest;
  }

  /** Stages one flows file; returns its rows. `onRead` hears of the bytes read while it runs. */
  private async readFile(file: string, source: Source, onRead: (bytes: number) => void) {
    const { conn } = this;
    const header = headerOf(firstLineOf(file));
    if (!isFlows(header)) throw new Error(`not a BACI flows file: its header is not t,i,j,k,v,q`);
    onRead(0);
    // Rows keep the file's order, so a row's position gives its line.
    await conn.run('SET preserve_insertion_order = true');
    const poll = setInterval(() => {
      const { percentage } = conn.progress;
      if (percentage > 0) onRead((Math.min(percentage, 100) / 100) * source.size);
    }, 1000);
    try {
      await conn.run(fileSql(file, header));
    } finally {
      clearInterval(poll);
      await conn.run('SET preserve_insertion_order = false');
    }
    await this.placeNewCodes();
    await this.collectBadRows(file, source.name);
    await conn.run(`INSERT INTO temp.staged_annual
      SELECT e.iso2, m.iso2, f.hs6, f.year, f.value, f.qty
      FROM temp.baci_file f JOIN temp.baci_codes e ON f.i = e.code JOIN temp.baci_codes m ON f.j = m.code
      WHERE f.bad_field IS NULL AND e.iso2 IS NOT NULL AND m.iso2 IS NOT NULL`);
    return readNumber(await conn.runAndReadAll('SELECT count(*) AS n FROM temp.baci_file'), 'n');
  }

  /** Places the country codes of the file no earlier file used. */
  private async placeNewCodes(): Promise<void> {
    const fresh = await this.conn.runAndReadAll(`SELECT DISTINCT code FROM (
        SELECT i AS code FROM temp.baci_file UNION SELECT j FROM temp.baci_file)
      WHERE code IS NOT NULL AND code NOT IN (SELECT code FROM temp.baci_codes)`);
    const app = await this.conn.createAppender('baci_codes', 'main', 'temp');
    for (const { code } of readRows(fresh, ['code'])) {
      const ref = this.placer.place(Number(code));
      app.appendInteger(Number(code));
      if (ref) app.appendVarchar(ref.iso2);
      else app.appendNull();
      app.endRow();
    }
    app.closeSync();
  }

  /** Counts the file's bad rows and keeps the first ones, with their lines. */
  private async collectBadRows(file: string, name: string): Promise<void> {
    const where = `FROM temp.baci_file f
      LEFT JOIN temp.baci_codes e ON f.i = e.code LEFT JOIN temp.baci_codes m ON f.j = m.code
      WHERE f.bad_field IS NOT NULL OR e.iso2 IS NULL OR m.iso2 IS NULL`;
    const count = await this.conn.runAndReadAll(`SELECT count(*) AS n ${where}`);
    const n = readNumber(count, 'n');
    if (n === 0) return;
    const room = BAD_ROWS_KEPT - this.badRows.length;
    if (room > 0) {
      const rows = readRows(
        await this.conn.runAndReadAll(`SELECT f.rowid AS ordinal, f.i, f.j, f.i_text, f.j_text, f.bad_field, f.bad_text,
          e.iso2 AS e_iso2, m.iso2 AS m_iso2 ${where} ORDER BY f.rowid LIMIT ${room}`),
        BAD_ROW_FIELDS,
      );
      const lines = await physicalLines(
        file,
        rows.map((r) => Number(r.ordinal)),
      );
      rows.forEach((r, k) => this.badRows.push({ file: name, line: lines[k]!, reason: reason(r, this.placer) }));
    }
    this.badRowCount += n;
  }
}

/**
 * CEPII BACI, a release as published: its zip (`BACI_HS92_V202501.zip`), a folder,
 * or year files (`t,i,j,k,v,q`: year, exporter and importer as numeric country
 * codes, HS6 code, value in thousand USD, quantity in tonnes, quoted and padded,
 * `NA` when unknown), with the release's country-code list among them. Values
 * become USD and quantities kg.
 *
 * The flows never pass through JavaScript: each file goes through DuckDB's CSV
 * reader into the staging table of the file being written, one file at a time (a
 * zip's entry is unpacked to the scratch folder first and removed after), so memory
 * is bounded by DuckDB's limit whatever the size of the release. Each flows file may
 * hold `maxBytes` uncompressed (`INGEST_MAX_BYTES`), its country-code list a few MB:
 * sizes are checked before anything is read, a zip's entry also against the free
 * space it is unpacked into, and while it inflates.
 *
 * A country code is placed by the release's list when it gives an ISO code, and
 * otherwise by `mappings/areas.json` (ISO 3166-1 numeric, BACI's own numbers such
 * as 381 Italy, and XA–XZ codes for areas without an ISO code such as 490 "Other
 * Asia, nes"): releases change codes between versions (the V202301 flows use 380
 * for Italy, which the V202201 list names 381). A row whose country cannot be
 * placed is a bad row.
 */
export async function readBaci(paths: string[], opts: { hsVersion?: number; maxBytes?: number }): Promise<TradeInput> {
  const flowBound = { bytes: opts.maxBytes ?? INGEST_MAX_BYTES_DEFAULT, name: 'INGEST_MAX_BYTES' };
  const release = await sortRelease(paths, opts.hsVersion, flowBound);
  return { stage: (conn, ctx) => new BaciStager(release, conn, ctx).run() };
}
