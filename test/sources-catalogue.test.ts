import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { shippedSourcesDir } from '../src/ingest/sources/dir.js';
import { SourceCatalogueError, economicsCatalogueIds, loadSourceCatalogue } from '../src/ingest/sources/load.js';
import { UNVERIFIED } from '../src/ingest/sources/schema.js';
import { sdmxDataUrl } from '../src/ingest/update/sdmx-query.js';
import { ROOT as root, SHARED_DATA as sharedData } from './helpers/paths.js';
import { entryArgs } from './helpers/processes.js';

/** The source catalogue (CONTRACT §7): the shipped one, the loader's refusals and `npm run update -- plan`. */

const run = promisify(execFile);

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run update -- …` as its own process; never throws: the exit code and both streams. */
async function update(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...entryArgs('src/cli/update.ts'), ...args], {
      cwd: root,
      env: { ...process.env, SOURCES_DIR: '', ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const provenance = {
  source_name: 'Agency',
  source_url: 'https://agency.example/',
  license_id: 'CC-BY-4.0',
  attribution_text: 'Source: Agency.',
};

const dirs: string[] = [];
/** A catalogue folder holding `files` (name → JSON content). */
function catalogue(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sources-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), JSON.stringify(content));
  return dir;
}
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const small = {
  'agency.json': {
    sources: [
      {
        id: 'agency-prices',
        provider: 'sdmx',
        url: 'https://agency.example/rest',
        provenance,
        flow: 'AG,PRICES,1.0',
        key: 'M.DE+FR.IX+PA',
        country_dimension: 'REF_AREA',
        countries: { DE: 'DEU', FR: 'FRA' },
        series: [
          { match: { UNIT: 'IX' }, kpi_id: 'CPI' },
          { match: { UNIT: 'PA' }, kpi_id: 'CPI_YOY' },
        ],
        verified_by: 'test/fixtures/agency-prices.xml',
      },
    ],
  },
  'worldbank.json': {
    sources: [
      {
        id: 'wb-population',
        provider: 'worldbank',
        url: 'https://api.worldbank.org/v2',
        provenance,
        indicator: 'SP.POP.TOTL',
        countries: ['DEU', 'USA'],
        kpi_id: 'POPULATION',
        verified_by: 'unverified',
      },
      {
        id: 'wb-cpi-annual',
        provider: 'worldbank',
        url: 'https://api.worldbank.org/v2',
        provenance,
        indicator: 'FP.CPI.TOTL.ZG',
        countries: ['DEU'],
        kpi_id: 'CPI_YOY',
        fallback: true,
        verified_by: 'unverified',
      },
    ],
  },
};

const { kpiIds, countryIds } = economicsCatalogueIds();
const pairs = kpiIds.length * countryIds.length;

describe('shipped source catalogue', () => {
  const shipped = loadSourceCatalogue(shippedSourcesDir());

  it('validates, one file per agency', () => {
    assert.deepEqual(shipped.files, [
      'bis.json',
      'ecb.json',
      'eurostat.json',
      'fred.json',
      'ilo.json',
      'imf.json',
      'oecd.json',
      'worldbank.json',
    ]);
    assert.ok(shipped.sources.length >= 30);
  });

  it('names for each verified source a recorded message that exists', (t) => {
    const verified = shipped.sources.filter((s) => s.source.verified_by !== UNVERIFIED);
    assert.ok(verified.length >= 1);
    if (!existsSync(sharedData)) {
      t.skip('../shared/data is absent');
      return;
    }
    for (const { source } of verified) {
      assert.ok(existsSync(path.resolve(root, source.verified_by)), `${source.id}: ${source.verified_by}`);
    }
  });

  it('gives every SDMX source a data query URL of its REST version', () => {
    for (const { source } of shipped.sources) {
      if (source.provider !== 'sdmx') continue;
      const url = sdmxDataUrl({
        url: source.url,
        restVersion: source.rest_version,
        flow: source.flow,
        key: source.key,
      });
      assert.ok(url.startsWith(`${source.url}/data/`), `${source.id}: ${url}`);
    }
  });

  it('maps agency codes to catalogue countries (Eurostat EL, EA20; BIS XM)', () => {
    const byId = new Map(shipped.sources.map((s) => [s.source.id, s.source]));
    const gov = byId.get('eurostat-government-debt');
    assert.ok(gov?.provider === 'sdmx');
    assert.equal(gov.countries.EL, 'GRC');
    assert.equal(gov.countries.EA20, 'EMU');
    const spp = byId.get('bis-residential-property-prices');
    assert.ok(spp?.provider === 'sdmx');
    assert.equal(spp.countries.XM, 'EMU');
  });

  it('plans the shipped catalogue: text and JSON agree, counts consistent', async () => {
    const text = await update(['plan']);
    assert.equal(text.code, 0, text.stderr);
    const json = await update(['plan', '--json']);
    assert.equal(json.code, 0, json.stderr);
    const plan = JSON.parse(json.stdout) as {
      rows: Array<{ kpi_id: string; country_id: string; source: string | null; fallbacks: string[] }>;
      summary: { covered: number; total: number; sources: number; verified: number; unverified: number };
    };
    assert.equal(plan.rows.length, pairs);
    assert.equal(plan.summary.total, pairs);
    assert.equal(plan.summary.covered, plan.rows.filter((r) => r.source !== null).length);
    assert.equal(plan.summary.sources, shipped.sources.length);
    assert.equal(plan.summary.verified + plan.summary.unverified, plan.summary.sources);
    const lines = text.stdout.trimEnd().split('\n');
    assert.equal(lines.length, pairs + 1);
    assert.equal(lines.filter((l) => l.endsWith('  no source')).length, pairs - plan.summary.covered);
    const { covered, total, sources, verified, unverified } = plan.summary;
    assert.equal(
      lines.at(-1),
      `covered ${covered} of ${total} indicator × country pairs (${total - covered} with no source); ` +
        `${sources} sources: ${verified} verified by a recorded message, ${unverified} unverified`,
    );
    // The README prints these counts.
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    assert.ok(readme.includes(lines.at(-1)!), 'README states the plan summary of the shipped catalogue');
  });
});

describe('npm run update -- plan', () => {
  it('prints the source of every indicator × country of a catalogue, or "no source", then the counts', async () => {
    const dir = catalogue(small);
    const r = await update(['plan'], { SOURCES_DIR: dir });
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.length, pairs + 1);
    const row = (kpi: string, country: string) => lines.find((l) => new RegExp(`^${kpi} +${country} {2}`).test(l));
    assert.match(row('CPI', 'DEU')!, / {2}agency-prices$/);
    assert.match(row('CPI_YOY', 'DEU')!, / {2}agency-prices \(fallback: wb-cpi-annual\)$/);
    assert.match(row('CPI_YOY', 'FRA')!, / {2}agency-prices$/);
    assert.match(row('POPULATION', 'USA')!, / {2}wb-population$/);
    assert.match(row('GDP_USD', 'DEU')!, / {2}no source$/);
    assert.equal(
      lines.at(-1),
      `covered 6 of ${pairs} indicator × country pairs (${pairs - 6} with no source); ` +
        '3 sources: 1 verified by a recorded message, 2 unverified',
    );
  });

  it('prints the same as one JSON document with --json', async () => {
    const r = await update(['plan', '--json'], { SOURCES_DIR: catalogue(small) });
    assert.equal(r.code, 0, r.stderr);
    const plan = JSON.parse(r.stdout) as {
      rows: Array<{ kpi_id: string; country_id: string; source: string | null; fallbacks: string[] }>;
      summary: Record<string, number>;
    };
    assert.deepEqual(plan.summary, { covered: 6, total: pairs, sources: 3, verified: 1, unverified: 2 });
    assert.deepEqual(
      plan.rows.find((x) => x.kpi_id === 'CPI_YOY' && x.country_id === 'DEU'),
      { kpi_id: 'CPI_YOY', country_id: 'DEU', source: 'agency-prices', fallbacks: ['wb-cpi-annual'] },
    );
  });

  it('refuses a catalogue with problems: one line each naming the file and the field, exit 1', async () => {
    const bad = structuredClone(small) as { 'worldbank.json': { sources: Array<Record<string, unknown>> } };
    bad['worldbank.json'].sources[0]!.colour = 'red';
    const r = await update(['plan'], { SOURCES_DIR: catalogue({ ...small, ...bad }) });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    const lines = r.stderr.trimEnd().split('\n');
    assert.deepEqual(lines.slice(0, -1), ['update plan: worldbank.json: /sources/0/colour: unknown field']);
    assert.match(lines.at(-1)!, /the source catalogue .* has 1 problem/);
    const clash = structuredClone(small) as typeof bad;
    clash['worldbank.json'].sources[1]!.fallback = false;
    const r2 = await update(['plan'], { SOURCES_DIR: catalogue({ ...small, ...clash }) });
    assert.equal(r2.code, 1);
    assert.ok(
      r2.stderr.includes(
        'update plan: worldbank.json: /sources/1: source "wb-cpi-annual" feeds CPI_YOY×DEU, ' +
          'also fed by "agency-prices" (agency.json: /sources/0)',
      ),
      r2.stderr,
    );
  });

  it('is loaded through loadSourceCatalogue, which throws every problem at once', () => {
    const dir = catalogue({ 'a.json': { sources: [{ id: 'X' }] }, 'b.json': 'not an object', 'c.json.txt': {} });
    assert.throws(
      () => loadSourceCatalogue(dir),
      (err: unknown) =>
        err instanceof SourceCatalogueError &&
        err.problems.join('\n') === 'a.json: /sources/0/provider: is required\nb.json: /: must be object',
    );
    assert.throws(() => loadSourceCatalogue(catalogue({})), /holds no source file/);
  });

  it('answers --help with exit 0, and refuses unknown commands and options with exit 2', async () => {
    const help = await update(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /npm run update -- plan \[--json\]/);
    assert.equal((await update(['plan', '--help'])).code, 0);
    for (const args of [
      ['plan', '--colour'],
      ['--dry-run', '--colour'],
      ['--every', 'soon'],
      ['--source', 'no-such-source'],
      ['fetch'],
      ['plan', 'extra'],
      ['plan', '--json=yes'],
    ]) {
      const r = await update(args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /^update: .+ \(see npm run update -- --help\)\n$/);
    }
    assert.match((await update(['plan', '--colour'])).stderr, /unknown option --colour/);
  });
});
