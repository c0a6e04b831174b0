import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { encodeCursor, type CursorKey } from '../src/http/cursor.js';
import {
  listingFile,
  listingFilesWritten,
  listingLayouts,
  writeListingFilesAhead,
  type ListingFileReport,
} from '../src/trade/listing-files.js';
import type { Database } from '../src/store/duckdb.js';
import { answerOf, closeServed, serveInProcess, type Served } from './helpers/in-process.js';
import { provideSample } from './helpers/sample.js';

interface Answer {
  text: string;
  next: string | null;
}

/** Status and body as sent, without the fields that differ per request. */
async function answer(s: Served, url: string): Promise<Answer> {
  const { status, body } = await answerOf(s, url);
  return { text: `${status} ${JSON.stringify(body)}`, next: (body.next_cursor as string | null | undefined) ?? null };
}

const withCursor = (p: string, cursor: string) => `${p}&cursor=${encodeURIComponent(cursor)}`;

/** A cursor's JSON body (`[version, fingerprint, ...key]`). */
const cursorBody = (cursor: string): unknown[] => {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  return JSON.parse(decoded.slice(0, decoded.lastIndexOf('\n'))) as unknown[];
};

/** The listing files' directory entries under the data directory's process folders. */
function listingFiles(dataDir: string): string[] {
  const tmp = path.join(dataDir, 'tmp');
  return readdirSync(tmp, { recursive: true, encoding: 'utf8' }).filter((f) => path.basename(f).startsWith('listing-'));
}

/** The kinds of listing file a snapshot's opening writes, in order. */
const KINDS = ['year', 'exporter', 'importer', 'pair', 'hs6', 'chapter', 'heading'] as const;

/** The annual flows of `db`. */
async function flowsOf(db: Database): Promise<number> {
  const [flows] = (await db.queryNumbers('SELECT count(*)::DOUBLE FROM trade.annual_by_year')) as [Float64Array];
  return flows[0]!;
}

/** The memory the flows (24 bytes each) and `listings` listings' entries (8 bytes a flow) take. */
const memoryFor = (flows: number, listings: number) => 24 * flows + 8 * listings * flows;

/** Counts the reads of `served`'s listing files of `kinds`: the pages compared must come from them. */
function countReads(served: Served, kinds: ReadonlyArray<(typeof KINDS)[number]>): () => number {
  let reads = 0;
  for (const kind of kinds) {
    const file = listingFile(served.store.current!.db, kind)!;
    const [read, readWithin] = [file.read.bind(file), file.readWithin.bind(file)];
    file.read = (...args) => (reads++, read(...args));
    file.readWithin = (...args) => {
      const rows = readWithin(...args);
      reads += rows ? 1 : 0;
      return rows;
    };
  }
  return () => reads;
}

describe("a country's, a pair's and a product's listings read from the listing files", () => {
  let dataDir: string;
  let files: Served;
  let duck: Served;
  let reporters: string[];
  let years: number[];
  const reports: ListingFileReport[] = [];
  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-test-'));
    await provideSample(dataDir);
    duck = await serveInProcess(dataDir, { listingFiles: false });
    // The entries of a country's, a pair's listings held in memory, a product's on disk.
    const listingMemoryBytes = memoryFor(await flowsOf(duck.store.current!.db), 3.5);
    files = await serveInProcess(dataDir, {
      listingFiles: true,
      listingMemoryBytes,
      onListingFile: (r) => reports.push(r),
    });
    await listingFilesWritten(files.store.current!.db);
    const coverage = (await answerOf(duck, '/v1/trade/coverage')).body.data as Array<{
      country: string;
      yearly_first: number | null;
      yearly_last: number | null;
    }>;
    reporters = coverage.filter((c) => c.yearly_first !== null).map((c) => c.country);
    years = [...new Set(coverage.flatMap((c) => (c.yearly_first === null ? [] : [c.yearly_first, c.yearly_last!])))];
    years.sort((a, b) => a - b);
  });
  /**
   * Walks `listing` by cursor for up to `depth` pages on both servers, checking each
   * page the files answer against DuckDB's; how many pages and rows it compared.
   */
  async function walk(listing: string, depth: number, server = files): Promise<{ pages: number; rows: number }> {
    let [pages, rows] = [0, 0];
    let url: string | undefined = listing;
    for (; url && pages < depth; pages++) {
      const [expected, got]: Answer[] = await Promise.all([answer(duck, url), answer(server, url)]);
      assert.equal(got!.text, expected!.text, url);
      rows += (JSON.parse(expected!.text.slice(4)) as { data: unknown[] }).data.length;
      url = expected!.next ? withCursor(listing, expected!.next) : undefined;
    }
    return { pages, rows };
  }

  after(async () => {
    await closeServed(files);
    await closeServed(duck);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes a listing of each kind, and only the server that is asked to', () => {
    const db = files.store.current!.db;
    for (const kind of KINDS) assert.ok(listingFile(db, kind), kind);
    assert.equal(listingFile(duck.store.current!.db, 'exporter'), undefined);
    assert.deepEqual(
      KINDS.map((kind) => listingFile(db, kind)!.inMemory),
      KINDS.map((_, i) => i < 4),
    );
    assert.equal(listingFiles(dataDir).length, 3, 'the entries of the product listings, on disk');
  });

  it('tells what became of each listing: its rows when made, the reason when not', async () => {
    const flows = await flowsOf(files.store.current!.db);
    assert.deepEqual(
      reports.map((r) => (r.written ? { kind: r.kind, rows: r.rows } : r)),
      KINDS.map((kind) => ({ kind, rows: flows })),
    );
    assert.ok(reports.every((r) => r.written && r.seconds > 0 && r.seconds < 60));
    for (const [memoryBytes, reason] of [
      [memoryFor(flows, 0) - 1, /the flows take more than the listings' memory/],
      [memoryFor(flows, 0), /entries of .* are more than the page cache's room left/],
    ] as const) {
      const served = await serveInProcess(dataDir, { listingFiles: false });
      try {
        const db = served.store.current!.db;
        const failed: ListingFileReport[] = [];
        const dir = path.join(dataDir, 'no such directory');
        writeListingFilesAhead(db, dir, { report: (r) => failed.push(r), memoryBytes, roomBytes: 0 });
        await listingFilesWritten(db);
        const made = memoryBytes >= memoryFor(flows, 0) ? ['year'] : [];
        assert.deepEqual(
          failed.map((r) => [r.kind, r.written]),
          KINDS.map((kind) => [kind, made.includes(kind)]),
        );
        assert.match(failed[1]!.written ? '' : failed[1]!.reason, reason);
        assert.equal(listingFile(db, 'exporter'), undefined, 'DuckDB still answers');
      } finally {
        await closeServed(served);
      }
    }
  });

  it("holds every listing's entries in memory first, then copies the rows of the first listings", () => {
    const kinds = KINDS.filter((k) => k !== 'year');
    const of = (memoryBytes: number) => kinds.map(listingLayouts(1000, memoryBytes));
    assert.deepEqual(
      of(0),
      kinds.map(() => 'file'),
    );
    assert.deepEqual(of(8000 * 4.5), ['entries', 'entries', 'entries', 'entries', 'file', 'file']);
    assert.deepEqual(of(8000 * 6 + 16_000 * 2.5), ['rows', 'rows', 'entries', 'entries', 'entries', 'entries']);
    assert.deepEqual(
      of(24_000 * 6),
      kinds.map(() => 'rows'),
    );
  });

  it('writes to disk no more entries than the page cache holds, in their order', async () => {
    const served = await serveInProcess(dataDir, { listingFiles: false });
    try {
      const db = served.store.current!.db;
      const flows = await flowsOf(db);
      const told: ListingFileReport[] = [];
      const dir = path.join(dataDir, 'tmp');
      const before = new Set(listingFiles(dataDir));
      const memoryBytes = memoryFor(flows, 2.5);
      writeListingFilesAhead(db, dir, { report: (r) => told.push(r), memoryBytes, roomBytes: 8 * 1.5 * flows });
      await listingFilesWritten(db);
      assert.deepEqual(
        told.map((r) => [r.kind, r.written, r.written && r.inMemory]),
        KINDS.map((kind, i) => [kind, i < 4, i < 3]),
      );
      assert.match(told[4]!.written ? '' : told[4]!.reason, /entries of .* are more than the page cache's room/);
      const written = listingFiles(dataDir).filter((f) => !before.has(f));
      assert.deepEqual(
        written.map((f) => KINDS.find((kind) => f.endsWith(`-${kind}.bin`))),
        ['pair'],
      );
      assert.ok(listingFile(db, 'pair') && !listingFile(db, 'hs6'));
    } finally {
      await closeServed(served);
    }
  });

  it('answers every page as DuckDB does: each flow, year windows, page sizes, walked by cursor', async () => {
    assert.ok(reporters.length >= 10 && years.length >= 2, 'the sample has reporters and years to list');
    const [first, last] = [years[0]!, years.at(-1)!];
    const windows = ['', `&from=${last}`, `&from=${first}&to=${first}`, `&from=${first + 1}&to=${last}`];
    let pages = 0;
    for (const [i, reporter] of reporters.slice(0, 24).entries()) {
      for (const flow of ['', '&flow=export', '&flow=import']) {
        const window = windows[i % windows.length]!;
        const limit = [1, 7, 100, 1000][(i + flow.length) % 4]!;
        const listing = `/v1/trade?reporter=${reporter}${flow}${window}&limit=${limit}`;
        pages += (await walk(listing, 6)).pages;
      }
    }
    assert.ok(pages > 150, `${pages} pages compared`);
  });

  it("answers a pair's pages as DuckDB does: both orientations, products, year windows, walked by cursor", async () => {
    const [first, last] = [years[0]!, years.at(-1)!];
    const windows = ['', `&from=${last}`, `&from=${first}&to=${first}`, `&from=${first + 1}&to=${last}`];
    let pages = 0;
    let rows = 0;
    const reads = countReads(files, ['pair']);
    for (const [i, reporter] of reporters.slice(0, 12).entries()) {
      const partner = reporters[(i * 5 + 3) % reporters.length]!;
      const top = (await answerOf(duck, `/v1/trade?reporter=${reporter}&partner=${partner}&flow=export&limit=1`)).body
        .data as Array<{ hs6: string }>;
      const code = top[0]?.hs6 ?? '870323';
      for (const product of ['', `&product=${code}`, `&product=${code.slice(0, 4)}`, `&product=${code.slice(0, 2)}`]) {
        for (const flow of ['', '&flow=export', '&flow=import']) {
          const window = windows[(i + flow.length) % windows.length]!;
          const limit = [1, 5, 100, 1000][(i + product.length) % 4]!;
          const listing = `/v1/trade?reporter=${reporter}&partner=${partner}${flow}${product}${window}&limit=${limit}`;
          const walked = await walk(listing, 4);
          pages += walked.pages;
          rows += walked.rows;
        }
      }
    }
    assert.ok(pages > 150 && rows > 500, `${pages} pages of ${rows} rows compared`);
    assert.ok(reads() >= pages, `${reads()} reads of the pair file for ${pages} pages`);
  });

  it('answers a product code, heading and chapter as DuckDB does, in year windows, walked by cursor', async () => {
    const [first, last] = [years[0]!, years.at(-1)!];
    const windows = ['', `&from=${last}`, `&from=${first}&to=${first}`, `&from=${first + 1}&to=${last}`];
    const top = (await answerOf(duck, `/v1/trade?limit=40`)).body.data as Array<{ hs6: string }>;
    const codes = [...new Set(top.map((r) => r.hs6))].slice(0, 8);
    assert.ok(codes.length >= 4, 'the sample has products to list');
    const reads = countReads(files, ['hs6', 'heading', 'chapter']);
    let pages = 0;
    for (const [i, code] of codes.entries()) {
      for (const product of [code, code.slice(0, 4), code.slice(0, 2)]) {
        const window = windows[(i + product.length) % windows.length]!;
        const limit = [1, 5, 100, 1000][(i + product.length) % 4]!;
        const listing = `/v1/trade?product=${product}${window}&limit=${limit}`;
        pages += (await walk(listing, 4)).pages;
      }
    }
    assert.ok(pages > 40, `${pages} pages compared`);
    assert.ok(reads() >= pages, `${reads()} reads of the product files for ${pages} pages`);
  });

  it("answers every flow's listing as DuckDB does from the years' listings, and pages past a year", async () => {
    const [first, last] = [years[0]!, years.at(-1)!];
    const windows = ['', `&from=${last}`, `&from=${first}&to=${first}`, `&from=${first + 1}&to=${last}`];
    const reads = countReads(files, ['year']);
    let pages = 0;
    for (const window of [...windows, `&from=${first - 3}&to=${first}`, `&to=${first - 1}`]) {
      for (const limit of [1, 7, 100, 1000]) pages += (await walk(`/v1/trade?limit=${limit}${window}`, 4)).pages;
    }
    assert.ok(pages > 60, `${pages} pages compared`);
    assert.ok(reads() > 30, `${reads()} pages of ${pages} read from the years' listings`);
  });

  it("answers a heading's listing as DuckDB does from its codes' when its own is not made", async () => {
    const served = await serveInProcess(dataDir, { listingFiles: false });
    try {
      const db = served.store.current!.db;
      const told: ListingFileReport[] = [];
      writeListingFilesAhead(db, path.join(dataDir, 'tmp'), {
        report: (r) => told.push(r),
        memoryBytes: memoryFor(await flowsOf(db), 5.5),
        roomBytes: 0,
      });
      await listingFilesWritten(db);
      assert.deepEqual(
        told.filter((r) => !r.written).map((r) => r.kind),
        ['heading'],
      );
      const [first, last] = [years[0]!, years.at(-1)!];
      const windows = ['', `&from=${last}`, `&from=${first}&to=${first}`, `&from=${first + 1}&to=${last}`];
      const top = (await answerOf(duck, `/v1/trade?limit=60`)).body.data as Array<{ hs6: string }>;
      const headings = [...new Set(top.map((r) => r.hs6.slice(0, 4)))].slice(0, 6);
      const reads = countReads(served, ['hs6']);
      let pages = 0;
      for (const [i, heading] of headings.entries()) {
        for (const reporter of ['', `&reporter=${reporters[i]}&flow=export`, `&reporter=${reporters[i + 1]}`]) {
          const window = windows[(i + reporter.length) % windows.length]!;
          const limit = [1, 5, 100, 1000][(i + reporter.length) % 4]!;
          pages += (await walk(`/v1/trade?product=${heading}${reporter}${window}&limit=${limit}`, 4, served)).pages;
        }
      }
      assert.ok(headings.length >= 4 && pages > 30, `${pages} pages of ${headings.length} headings compared`);
      assert.ok(reads() > 20, `${reads()} reads of the code file for ${pages} pages`);
    } finally {
      await closeServed(served);
    }
  });

  /** Walks a country's listings of a chapter, heading and code on `server` against DuckDB's; the pages compared. */
  async function walkCountryProducts(server: Served): Promise<number> {
    const [first, last] = [years[0]!, years.at(-1)!];
    const windows = ['', `&from=${last}`, `&from=${first}&to=${first}`];
    let pages = 0;
    for (const [i, reporter] of reporters.slice(0, 10).entries()) {
      const top = (await answerOf(duck, `/v1/trade?reporter=${reporter}&flow=export&limit=1`)).body.data as Array<{
        hs6: string;
      }>;
      const code = top[0]?.hs6 ?? '870323';
      for (const product of [code.slice(0, 2), code.slice(0, 4), code]) {
        for (const flow of ['', '&flow=export', '&flow=import']) {
          const window = windows[(i + flow.length) % windows.length]!;
          const limit = [1, 5, 100, 1000][(i + product.length) % 4]!;
          const listing = `/v1/trade?reporter=${reporter}${flow}&product=${product}${window}&limit=${limit}`;
          pages += (await walk(listing, 4, server)).pages;
        }
      }
    }
    return pages;
  }

  it("answers a country's products as DuckDB does from the shorter listing (country's or product's)", async () => {
    const countryReads = countReads(files, ['exporter', 'importer']);
    const productReads = countReads(files, ['hs6', 'heading', 'chapter']);
    const pages = await walkCountryProducts(files);
    assert.ok(pages > 90, `${pages} pages compared`);
    assert.ok(countryReads() > 10, `${countryReads()} scans of a country's listing file for ${pages} pages`);
    assert.ok(productReads() > 10, `${productReads()} scans of a product's listing file for ${pages} pages`);
  });

  it("answers a country's products as DuckDB does where a plan scans the country's listing (a long one)", async () => {
    const planned = await serveInProcess(dataDir, { listingFiles: true, listingScanRows: 0 });
    try {
      await listingFilesWritten(planned.store.current!.db);
      const countryReads = countReads(planned, ['exporter', 'importer']);
      const pages = await walkCountryProducts(planned);
      assert.ok(pages > 90, `${pages} pages compared`);
      assert.ok(countryReads() > 10, `${countryReads()} scans of a country's listing file for ${pages} pages`);
    } finally {
      await closeServed(planned);
    }
  });

  it('computes a page read from the files at once, not after the heavy answers waiting their turn', async () => {
    // One heavy answer at a time, and one more waiting: beyond them, heavy requests are refused (503).
    const gated = await serveInProcess(dataDir, { listingFiles: true }, { concurrency: 1, maxWaiting: 1 });
    try {
      await listingFilesWritten(gated.store.current!.db);
      const get = (url: string) => answerOf(gated, url).then((a) => a.status);
      const heavy = years.map((y) => get(`/v1/trade/monthly?group_by=hs6&from=${y}-01&to=${y}-12`));
      // Listings DuckDB answers (two countries and a product), sent beside those the files do.
      const read = reporters
        .slice(0, 8)
        .map((r, i) => get(`/v1/trade?reporter=${r},${reporters[i + 1]}&product=84&limit=50`));
      const fromFiles = [
        ...reporters.slice(0, 8).map((r, i) => get(`/v1/trade?reporter=${r}&partner=${reporters[i + 1]}`)),
        ...years.map((y) => get(`/v1/trade?from=${y}&to=${y}&limit=50`)),
      ];
      const [heavyStatuses, readStatuses, fileStatuses] = await Promise.all(
        [heavy, read, fromFiles].map((p) => Promise.all(p)),
      );
      assert.ok([...heavyStatuses!, ...readStatuses!].includes(503), 'the heavy answers filled their places');
      assert.deepEqual(
        fileStatuses,
        fromFiles.map(() => 200),
      );
    } finally {
      await closeServed(gated);
    }
  });

  it('places a position whose countries this snapshot does not know as DuckDB does', async () => {
    const listing = `/v1/trade?reporter=${reporters[0]}&limit=3`;
    const { next } = await answer(duck, listing);
    assert.ok(next);
    const [, fingerprint, period, value, exporter, importer, hs6] = cursorBody(next);
    // ZZ sorts after every known code, AA before: as the exporter or the importer, exact or not.
    for (const key of [
      [period, value, 'ZZ', importer, hs6],
      [period, value, 'AA', importer, hs6],
      [period, value, exporter, 'ZZ', hs6],
      [period, value, exporter, 'AA', hs6],
      [period, value, exporter, importer, 0],
      [period, Number(value) * 2, exporter, importer, hs6],
    ]) {
      const url = withCursor(listing, encodeCursor(String(fingerprint), key as CursorKey));
      const [expected, got] = await Promise.all([answer(duck, url), answer(files, url)]);
      assert.match(expected.text, /^200 /);
      assert.equal(got.text, expected.text, JSON.stringify(key));
    }
  });

  it('removes its files when the snapshot closes', async () => {
    assert.ok(listingFiles(dataDir).length > 0);
    await closeServed(files);
    files = await serveInProcess(dataDir, { listingFiles: false });
    for (let waited = 0; listingFiles(dataDir).length > 0 && waited < 5000; waited += 50) await sleep(50);
    assert.deepEqual(listingFiles(dataDir), []);
  });
});
