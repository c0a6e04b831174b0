/**
 * A generated release in CEPII BACI's published format, for tests and benchmarks of
 * the real adapter at real size: one `BACI_HS22_Y<year>_V<version>.csv` per year
 * (`t,i,j,k,v,q`, M49 country numbers, HS6 codes of the bundled HS 2022 list, value
 * in thousand USD, quantity in tonnes quoted and space-padded, `NA` when unknown;
 * sorted by exporter, importer, product) and `country_codes_V<version>.csv`, as a
 * folder or as one zip like the published `BACI_HS22_V<version>.zip`.
 *
 * The shape is that of a real release: about 250 countries, 5 300 codes, flows
 * between large economies spanning thousands of products and between small ones a
 * handful, values spread over orders of magnitude, about 11 million flows a year by
 * default. Seeded: the same options write the same bytes.
 *
 *   npm run bench:baci -- --years 10 [--rows-per-year 11000000] [--first-year 2013]
 *                         [--out DIR] [--zip] [--seed 1]
 */
import { createWriteStream, mkdirSync, rmSync, statSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getCountryDataList } from 'countries-list';
import yazl from 'yazl';
import { COUNTRIES } from '../src/reference/countries.js';
import { HS_PRODUCTS } from '../src/reference/hs.js';
import { readMappingFile } from '../src/ingest/mapping.js';
import { Random } from '../src/sample/random.js';

export interface ReleaseOptions {
  /** Folder the release is written to (created). */
  out: string;
  years: number;
  firstYear: number;
  rowsPerYear: number;
  /** Also pack the files into one zip (`BACI_HS22_V<version>.zip`) and remove the loose files. */
  zip: boolean;
  seed: number;
  version?: string;
}

export interface WrittenRelease {
  /** The zip, or the folder holding the files. */
  path: string;
  /** The year files and the code list, in the folder (none left when zipped). */
  files: string[];
  rows: number;
  bytes: number;
}

interface Partner {
  code: number;
  iso2: string;
  iso3: string;
  name: string;
  /** Economic size, billions of USD. */
  size: number;
}

/** The release's countries: every ISO 3166 numeric code of the shipped table, sized by GDP where known. */
function partners(seed: number): Partner[] {
  const table = readMappingFile<{ iso3166_numeric: Record<string, [string, string]> }>('areas.json');
  const gdp = new Map(COUNTRIES.filter((c) => c.iso2).map((c) => [c.iso2!, c.gdpBn ?? 0]));
  const names = new Map<string, string>(getCountryDataList().map((c) => [c.iso2, c.name]));
  const rnd = Random.for(seed, 'partners');
  const list = Object.entries(table.iso3166_numeric).map(([code, [iso2, iso3]]) => ({
    code: Number(code),
    iso2,
    iso3,
    name: names.get(iso2) ?? iso2,
    size: gdp.get(iso2) || Math.exp(rnd.uniform(-2, 3)),
  }));
  // "Other Asia, nes": listed without ISO codes, as in published code lists.
  list.push({ code: 490, iso2: 'N/A', iso3: 'N/A', name: 'Other Asia, nes', size: 750 });
  return list.sort((a, b) => a.code - b.code);
}

interface Product {
  k: number;
  /** Popularity: rough world trade, billions of USD. */
  weight: number;
  /** USD per kg. */
  unit: number;
}

/**
 * About 5 300 HS6 codes, as many as an edition has: the bundled subheadings with
 * their trade and unit values, and in each of their chapters the codes `cchh10`,
 * `cchh20`, `cchh30`, `cchh90` of headings 01–13 that the bundled list lacks, with
 * the chapter's mean unit value and a share of its trade (a seeded spread).
 */
function products(): Product[] {
  const real = HS_PRODUCTS.map((p) => ({ k: Number(p.hs6), weight: p.worldTradeBn, unit: p.unitValue }));
  const known = new Set(real.map((p) => p.k));
  const chapters = new Map<number, Product[]>();
  for (const p of real) chapters.set(Math.floor(p.k / 10000), [...(chapters.get(Math.floor(p.k / 10000)) ?? []), p]);
  const rnd = Random.for(1, 'products');
  const made: Product[] = [];
  for (const [chapter, list] of chapters) {
    const weight = list.reduce((n, p) => n + p.weight, 0) / list.length;
    const unit = list.reduce((n, p) => n + p.unit, 0) / list.length;
    for (let heading = 1; heading <= 13; heading++) {
      for (const sub of [10, 20, 30, 90]) {
        const k = chapter * 10000 + heading * 100 + sub;
        if (!known.has(k)) made.push({ k, weight: weight * 0.2 * Math.exp(rnd.normal()), unit });
      }
    }
  }
  return [...real, ...made].sort((a, b) => a.k - b.k);
}

const PRODUCTS = products();

/** Each exporter's products, most exported first: a weighted random order of the whole list. */
function exporterOrder(rnd: Random): Int32Array {
  const keyed = PRODUCTS.map((p, i) => [Math.log(rnd.float() + 1e-12) / (p.weight + 1e-3), i] as const);
  keyed.sort((a, b) => b[0] - a[0]);
  return Int32Array.from(keyed.map(([, i]) => i));
}

/** Flows expected between an exporter and an importer of these sizes, before the year's scale. */
const affinity = (e: Partner, i: Partner) => Math.pow(e.size, 0.75) * Math.pow(i.size, 0.55);

/** The scale that makes a year hold about `rows` flows. */
function scaleFor(list: Partner[], rows: number): number {
  const total = (scale: number) => {
    let n = 0;
    for (const e of list) for (const i of list) if (e !== i) n += Math.min(PRODUCTS.length, scale * affinity(e, i));
    return n;
  };
  let lo = 0;
  let hi = 1;
  while (total(hi) < rows) hi *= 2;
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (total(mid) < rows) lo = mid;
    else hi = mid;
  }
  return hi;
}

const decimal = (x: number) => x.toFixed(3);

/** Writes one year's file; resolves with its row count. */
async function writeYear(file: string, year: number, ctx: { list: Partner[]; scale: number; seed: number }) {
  const out = createWriteStream(file);
  let buf = '"t","i","j","k","v","q"\r\n';
  let rows = 0;
  const flush = async (force: boolean) => {
    if (buf.length < 1 << 20 && !force) return;
    if (!out.write(buf)) await once(out, 'drain');
    buf = '';
  };
  const growth = Math.pow(1.03, year - 2000);
  for (const e of ctx.list) {
    const rnd = Random.for(ctx.seed, 'year', String(year), String(e.code));
    const order = exporterOrder(Random.for(ctx.seed, 'order', String(e.code)));
    for (const i of ctx.list) {
      if (i === e) continue;
      const expected = Math.min(PRODUCTS.length, ctx.scale * affinity(e, i) * rnd.uniform(0.85, 1.15));
      const n = Math.floor(expected) + (rnd.float() < expected % 1 ? 1 : 0);
      if (n === 0) continue;
      // Partners of one exporter buy overlapping, not identical, ranges of what it sells most.
      const skip = rnd.int(0, Math.min(PRODUCTS.length - n, n));
      const chosen = Array.from(order.subarray(skip, skip + n)).sort((a, b) => PRODUCTS[a]!.k - PRODUCTS[b]!.k);
      const pairValue = (e.size * i.size) / 2e4;
      for (const p of chosen) {
        const product = PRODUCTS[p]!;
        const v = Math.max(0.001, pairValue * growth * Math.exp(rnd.normal() * 2.2) * (product.weight / 50 + 0.01));
        const q = rnd.float() < 0.04 ? 'NA' : decimal(Math.max(0.001, v / product.unit / Math.exp(rnd.normal() * 0.5)));
        const k = String(product.k).padStart(6, '0');
        buf += `${year},${e.code},${i.code},${k},${decimal(v)},"${q.padStart(13)}"\r\n`;
        rows++;
      }
      await flush(false);
    }
  }
  await flush(true);
  out.end();
  await once(out, 'close');
  return rows;
}

function writeCodeList(file: string, list: Partner[]): void {
  const lines = ['"country_code","country_name","country_iso2","country_iso3"'];
  for (const p of list) lines.push(`${p.code},"${p.name.replace(/"/g, '""')}","${p.iso2}","${p.iso3}"`);
  const out: WriteStream = createWriteStream(file);
  out.end(`${lines.join('\r\n')}\r\n`);
}

/** Writes a release (see the module comment). */
export async function writeBaciRelease(opts: ReleaseOptions): Promise<WrittenRelease> {
  const version = opts.version ?? 'V202501';
  mkdirSync(opts.out, { recursive: true });
  const list = partners(opts.seed);
  const scale = scaleFor(list, opts.rowsPerYear);
  const codes = path.join(opts.out, `country_codes_${version}.csv`);
  writeCodeList(codes, list);
  const files = [codes];
  let rows = 0;
  for (let y = 0; y < opts.years; y++) {
    const year = opts.firstYear + y;
    const file = path.join(opts.out, `BACI_HS22_Y${year}_${version}.csv`);
    rows += await writeYear(file, year, { list, scale, seed: opts.seed });
    files.push(file);
  }
  if (!opts.zip) return { path: opts.out, files, rows, bytes: sizeOf(files) };
  const zipPath = path.join(opts.out, `BACI_HS22_${version}.zip`);
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addFile(f, path.basename(f), { compressionLevel: 1 });
  zip.end();
  await once(zip.outputStream.pipe(createWriteStream(zipPath)), 'close');
  for (const f of files) rmSync(f);
  return { path: zipPath, files: [], rows, bytes: sizeOf([zipPath]) };
}

const sizeOf = (files: string[]) => files.reduce((n, f) => n + statSync(f).size, 0);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      years: { type: 'string', default: '1' },
      'rows-per-year': { type: 'string', default: '11000000' },
      'first-year': { type: 'string' },
      out: { type: 'string', default: './baci-release' },
      zip: { type: 'boolean', default: false },
      seed: { type: 'string', default: '1' },
    },
  });
  const years = Number(values.years);
  const started = Date.now();
  const r = await writeBaciRelease({
    out: values.out!,
    years,
    firstYear: Number(values['first-year'] ?? 2024 - years),
    rowsPerYear: Number(values['rows-per-year']),
    zip: values.zip!,
    seed: Number(values.seed),
  });
  const mb = (r.bytes / 2 ** 20).toFixed(0);
  console.log(`wrote ${r.path}: ${r.rows} flows over ${years} years, ${mb} MiB, ${(Date.now() - started) / 1000} s`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
