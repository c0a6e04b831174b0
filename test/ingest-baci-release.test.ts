import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { writeBaciRelease } from '../bench/baci-release.js';
import { readCurrentName } from '../src/store/snapshot-layout.js';
import { entryArgs, ingestCli } from './helpers/processes.js';
import { ROOT } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const run = promisify(execFile);

/** A generated release of two years, about a million flows each: real size for a test, in the real format. */
const RELEASE = { years: 2, firstYear: 2021, rowsPerYear: 1_000_000, seed: 7 };

/** A decimal of the file (thousand USD, three decimals) as an exact integer of USD. */
function usd(text: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!m) throw new Error(`not a decimal: "${text}"`);
  return BigInt(m[1]! + (m[2] ?? '').padEnd(3, '0'));
}

interface Totals {
  /** `exporter year` → value (USD) and rows. */
  byExporterYear: Map<string, { value: bigint; rows: number }>;
  rows: number;
}

/**
 * An aggregation of the release's files independent of the service: a line reader,
 * the code list's ISO2 column (490 "Other Asia, nes" is XA, as documented), exact
 * integer sums.
 */
async function totalsOf(folder: string): Promise<Totals> {
  const files = readdirSync(folder).sort();
  const list = readFileSync(
    path.join(
      folder,
      files.find((f) => f.startsWith('country_codes'))!,
    ),
    'utf8',
  );
  const iso = new Map<string, string>();
  for (const line of list.trim().split(/\r?\n/).slice(1)) {
    const cells = line.split(',');
    const code = cells[0]!;
    const iso2 = cells[cells.length - 2]!.replace(/"/g, '');
    iso.set(code, code === '490' ? 'XA' : iso2);
  }
  const byExporterYear = new Map<string, { value: bigint; rows: number }>();
  let rows = 0;
  for (const f of files.filter((x) => x.startsWith('BACI_'))) {
    const lines = createInterface({ input: createReadStream(path.join(folder, f)), crlfDelay: Infinity });
    let header = true;
    for await (const line of lines) {
      if (header) {
        header = false;
        continue;
      }
      const [t, i, , , v] = line.split(',');
      const key = `${iso.get(i!)} ${t}`;
      const s = byExporterYear.get(key) ?? { value: 0n, rows: 0 };
      s.value += usd(v!);
      s.rows++;
      byExporterYear.set(key, s);
      rows++;
    }
  }
  return { byExporterYear, rows };
}

const snapshotsOf = (dataDir: string) => readdirSync(path.join(dataDir, 'snapshots')).sort();

/** The CLI's `ingest failed: …` line, and every other line it wrote to stderr but progress. */
function failure(stderr: string): { failed: string[]; other: string[] } {
  const lines = stderr.split('\n').filter((l) => l && !l.startsWith('progress:') && !l.startsWith('DATA_DIR '));
  return {
    failed: lines.filter((l) => l.startsWith('ingest failed: ')),
    other: lines.filter((l) => !l.startsWith('ingest failed: ')),
  };
}

describe('ingest: a whole BACI release, generated at real size, through the real adapter', () => {
  let work: string;
  let folder: string;
  let zip: string;
  let expected: Totals;
  let zipDir: string;
  let folderDir: string;
  let s: TestServer;

  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-baci-release-'));
    folder = path.join(work, 'folder');
    const written = await writeBaciRelease({ out: folder, zip: false, ...RELEASE });
    const zipped = await writeBaciRelease({ out: path.join(work, 'zip'), zip: true, ...RELEASE });
    zip = zipped.path;
    assert.equal(zipped.rows, written.rows);
    expected = await totalsOf(folder);
    assert.equal(expected.rows, written.rows);
    zipDir = path.join(work, 'data-zip');
    folderDir = path.join(work, 'data-folder');
    const r = await ingestCli(zipDir, ['baci', zip]);
    assert.equal(r.code, 0, r.out);
    s = await startTestServer({ dataDir: zipDir });
  });
  after(async () => {
    await s?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('the zip loads every flow: each exporter-year total and row count equals the files, to the dollar', async () => {
    assert.ok(expected.rows > 1_900_000, `${expected.rows} flows`);
    const exporters = new Set([...expected.byExporterYear.keys()].map((k) => k.split(' ')[0]!));
    assert.ok(exporters.size > 200, `${exporters.size} exporters`);
    let checked = 0;
    for (const exporter of exporters) {
      const got = await s.data(`/v1/trade/countries/${exporter}/exports`);
      const want = [...expected.byExporterYear]
        .filter(([k]) => k.startsWith(`${exporter} `))
        .map(([k, v]) => [`${k.split(' ')[1]}-01-01`, v.value, v.rows])
        .sort();
      assert.deepEqual(
        got.map((x: any) => [x.period, BigInt(x.value_usd), x.flow_count]),
        want,
        `${exporter} exports by year`,
      );
      checked += want.length;
    }
    assert.equal(checked, expected.byExporterYear.size);
    const all = [...expected.byExporterYear.values()].reduce((a, x) => a + x.value, 0n);
    assert.equal(BigInt((await s.data('/v1/trade/summary')).trade_value), all);
  });

  it('the same release as a folder loads the same figures', async () => {
    const r = await ingestCli(folderDir, ['baci', folder]);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, new RegExp(`: ${expected.rows} annual flows, 0 monthly flows \\(HS 2022\\), 0 bad rows`));
    // The reading ends with a line of the rows read and their rate.
    assert.match(
      r.out,
      /^progress: trade ingest: \d+% read 2 files \(phase 1\/6\), [\d,]+ rows, [\d,]+ rows\/s, \d+ s$/m,
    );
    const other = await startTestServer({ dataDir: folderDir });
    try {
      for (const p of [
        '/v1/trade/summary',
        '/v1/trade/coverage',
        '/v1/trade/countries/US/partners?flow=export&limit=500',
      ]) {
        assert.deepEqual(await other.data(p), await s.data(p), p);
      }
    } finally {
      await other.close();
    }
  });

  it('re-ingesting the same release changes nothing: no new snapshot, the same answers', async () => {
    const before = snapshotsOf(zipDir);
    const current = await readCurrentName(zipDir);
    const summary = await s.data('/v1/trade/summary');
    const r = await ingestCli(zipDir, ['baci', zip]);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, new RegExp(`unchanged: snapshot ${current} already holds these ${expected.rows} annual`));
    assert.doesNotMatch(r.out, /published snapshot/);
    assert.deepEqual(snapshotsOf(zipDir), before);
    assert.equal(await readCurrentName(zipDir), current);
    await s.refresh();
    assert.deepEqual(await s.data('/v1/trade/summary'), summary);
  });

  it('a truncated zip fails with one line naming it; the serving snapshot is untouched', async () => {
    const broken = path.join(work, 'BACI_HS22_V202501.zip');
    await copyFile(zip, broken);
    truncateSync(broken, Math.floor(readFileSync(broken).length / 2));
    const current = await readCurrentName(zipDir);
    const before = snapshotsOf(zipDir);
    const r = await runIngest(zipDir, ['baci', broken]);
    assert.equal(r.code, 1);
    const { failed, other } = failure(r.stderr);
    assert.deepEqual(other, []);
    assert.equal(failed.length, 1, r.stderr);
    assert.match(failed[0]!, /^ingest failed: BACI_HS22_V202501\.zip: not a readable zip archive \(.+\)$/);
    assert.equal(await readCurrentName(zipDir), current);
    assert.deepEqual(snapshotsOf(zipDir), before);
    assert.equal((await s.get('/v1/trade/summary')).status, 200);
  });
});

/** The ingest CLI as a process: exit code, stdout and stderr apart. */
async function runIngest(dataDir: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [...entryArgs('src/cli/ingest.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      maxBuffer: 64 * 2 ** 20,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Mounts a tmpfs of `mb` MiB at `dir`; false where this process may not mount. */
async function mountTmpfs(dir: string, mb: number): Promise<boolean> {
  mkdirSync(dir, { recursive: true });
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${mb}m`, 'tmpfs', dir]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Unmounts `dir`, waiting for a process that just exited to let go of its files; detaches it lazily
 * when it stays busy, so the folder can be removed either way.
 */
async function unmount(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (
      await run('umount', [dir]).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await run('umount', ['-l', dir]);
}

describe('ingest: a disk that fills up', () => {
  let work: string;
  let mounted = false;
  let skip: string | false = false;
  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-baci-full-'));
    mounted = await mountTmpfs(path.join(work, 'disk'), 40);
    if (!mounted) skip = 'mounting a small tmpfs needs root: the full-disk check did not run';
  });
  after(async () => {
    if (mounted) await unmount(path.join(work, 'disk'));
    rmSync(work, { recursive: true, force: true });
  });

  it('fails with one line naming the file and the cause; the serving snapshot is untouched', async (t) => {
    if (skip) return t.skip(skip);
    const dataDir = path.join(work, 'disk', 'data');
    const release = (out: string, zip: boolean, rowsPerYear: number) =>
      writeBaciRelease({ out: path.join(work, out), zip, ...RELEASE, years: 1, rowsPerYear });
    const small = await release('small', false, 50_000);
    const first = await ingestCli(dataDir, ['baci', small.path]);
    assert.equal(first.code, 0, first.out);
    const current = await readCurrentName(dataDir);
    const s = await startTestServer({ dataDir });
    try {
      const summary = await s.data('/v1/trade/summary');
      // A zip's year file that would not fit is refused before it is unpacked; a folder fills the disk as
      // DuckDB writes the new snapshot.
      for (const [big, cause] of [
        [
          await release('big-zip', true, 1_500_000),
          new RegExp(
            String.raw`^ingest failed: BACI_HS22_V202501\.zip: BACI_HS22_Y2021_V202501\.csv: ` +
              String.raw`\d+ bytes uncompressed, more than the \d+ bytes free in /`,
          ),
        ],
        [
          await release('big-folder', false, 1_500_000),
          /^ingest failed: .*"[^"]+\/trade\.duckdb": No space left on device$/,
        ],
      ] as const) {
        const r = await runIngest(dataDir, ['baci', big.path]);
        assert.equal(r.code, 1, r.stdout + r.stderr);
        const { failed, other } = failure(r.stderr);
        assert.deepEqual(other, []);
        assert.equal(failed.length, 1, r.stderr);
        assert.match(failed[0]!, cause);
        assert.equal(await readCurrentName(dataDir), current);
        assert.deepEqual(snapshotsOf(dataDir), [current]);
        await s.refresh();
        assert.deepEqual(await s.data('/v1/trade/summary'), summary);
        rmSync(big.path, { recursive: true, force: true });
      }
    } finally {
      await s.close();
    }
  });
});

/** Peak resident memory (KiB) of an ingest process, read by `/usr/bin/time`. */
async function peakRssKb(dataDir: string, args: string[], env: Record<string, string>): Promise<number> {
  const { stderr } = await run(
    '/usr/bin/time',
    ['-f', 'peak-rss-kb %M', process.execPath, ...entryArgs('src/cli/ingest.ts'), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      maxBuffer: 64 * 2 ** 20,
    },
  );
  const m = /peak-rss-kb (\d+)/.exec(stderr);
  assert.ok(m, stderr);
  return Number(m[1]);
}

describe('ingest: memory does not grow with the input', () => {
  let work: string;
  before(() => {
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-baci-memory-'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('twice the rows, the same peak: within 25 % (and under 600 MiB) with DUCKDB_MEMORY_LIMIT=128MB', async (t) => {
    if (!existsSync('/usr/bin/time')) return t.skip('/usr/bin/time is missing (Debian package "time"): not measured');
    const peaks: number[] = [];
    for (const rowsPerYear of [1_200_000, 2_400_000]) {
      const release = await writeBaciRelease({
        out: path.join(work, `r${rowsPerYear}`),
        zip: false,
        ...RELEASE,
        years: 1,
        rowsPerYear,
      });
      peaks.push(
        await peakRssKb(path.join(work, `d${rowsPerYear}`), ['baci', release.path], { DUCKDB_MEMORY_LIMIT: '128MB' }),
      );
      rmSync(release.path, { recursive: true, force: true });
    }
    const [n, twice] = peaks as [number, number];
    // Rows kept in JavaScript (1.1 KB a row before) would add over 1.3 GB here; the run-to-run spread is about 10 %.
    t.diagnostic(
      `peak RSS: ${Math.round(n / 1024)} MiB for 1.2 M rows, ${Math.round(twice / 1024)} MiB for 2.4 M rows`,
    );
    assert.ok(twice <= n * 1.25, `peak RSS grew from ${n} KiB to ${twice} KiB when the input doubled`);
    assert.ok(twice < 600 * 1024, `peak RSS ${twice} KiB`);
  });
});

/** A code list of the release's newer format naming South Africa alone (US is placed by the ISO table). */
function writeCodeList(dir: string): string {
  const file = path.join(dir, 'country-codes.csv');
  writeFileSync(file, '"country_code","country_name","country_iso2","country_iso3"\n710,"South Africa","ZA","ZAF"\n');
  return file;
}

const AREAS = 'mappings/areas.json';

describe('ingest: BACI bad rows keep their lines', () => {
  let work: string;
  before(() => {
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-baci-lines-'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('each check names the row by its line in the file, blank lines counted', async () => {
    const flows = path.join(work, 'baci-hs92-lines.csv');
    writeFileSync(
      flows,
      [
        '"t","i","j","k","v","q"',
        '2021,710,842,850760,1.000,NA',
        '',
        '2021,710,842,850761,x,NA',
        '2021,710,842,ABC,1,NA',
        '2021,710,842,850762,1,"        abc"',
        '20x1,710,842,850763,1,NA',
        '2021,710,999,850764,1,NA',
        '2021,710,842,850765,2.500,"        1.500"',
        '',
      ].join('\r\n'),
    );
    const codes = writeCodeList(work);
    const dataDir = path.join(work, 'data');
    const refused = await runIngest(dataDir, ['baci', flows, codes, '--max-bad-rows', '4']);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /ingest failed: 5 bad rows, more than the 4 allowed: nothing was loaded/);
    const r = await runIngest(dataDir, ['baci', flows, codes, '--max-bad-rows', '5']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      r.stderr.split('\n').filter((l) => l.startsWith('bad row ')),
      [
        'bad row baci-hs92-lines.csv:4: value "x" is not a number of thousand USD',
        'bad row baci-hs92-lines.csv:5: product "ABC" is not an HS6 code',
        'bad row baci-hs92-lines.csv:6: quantity "abc" is not a number of tonnes',
        'bad row baci-hs92-lines.csv:7: year "20x1" is not a year',
        `bad row baci-hs92-lines.csv:8: importer "999" has no ISO code in the country list and none in ${AREAS}`,
      ],
    );
    assert.match(r.stdout, /: 2 annual flows, 0 monthly flows \(HS 1992\), 5 bad rows/);
    const s = await startTestServer({ dataDir });
    try {
      const got = await s.data('/v1/trade?reporter=ZA&flow=export');
      assert.deepEqual(
        got.map((x: any) => [x.hs6, x.value_usd, x.quantity]),
        [
          ['850765', 2500, 1500],
          ['850760', 1000, null],
        ],
      );
    } finally {
      await s.close();
    }
  });
});

describe('ingest: BACI duplicate keys', () => {
  let work: string;
  before(() => {
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-baci-dup-'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('refuses a key given twice, within a file or across two files of one year; nothing is published', async () => {
    const codes = writeCodeList(work);
    const header = '"t","i","j","k","v","q"';
    const a = path.join(work, 'baci-hs92-a.csv');
    const b = path.join(work, 'baci-hs92-b.csv');
    const c = path.join(work, 'baci-hs92-c.csv');
    writeFileSync(
      a,
      [header, '2021,710,842,850760,1,NA', '2021,842,710,850760,2,NA', '2021,710,842,850760,3,NA'].join('\n'),
    );
    writeFileSync(b, [header, '2021,842,710,850760,4,NA', '2020,842,710,850760,5,NA'].join('\n'));
    writeFileSync(c, [header, '2020,710,842,850760,6,NA', '2021,842,710,850760,7,NA'].join('\n'));
    const dataDir = path.join(work, 'data');
    for (const files of [
      [a, codes],
      [b, c, codes],
    ]) {
      const r = await runIngest(dataDir, ['baci', ...files]);
      assert.equal(r.code, 1, r.stdout);
      assert.match(
        r.stderr,
        /ingest failed: 1 duplicate \(exporter, importer, product, year\) keys: nothing was loaded/,
      );
      assert.equal(await readCurrentName(dataDir), undefined);
    }
  });
});

describe('trade: a flow from a country to itself', () => {
  let work: string;
  before(() => {
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-baci-self-'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('is counted once without a flow (with a product, partners), whether or not the data hold one', async () => {
    const codes = writeCodeList(work);
    const rows = ['2021,710,710,850760,5.000,NA', '2021,710,842,850760,7.000,NA', '2021,842,710,850760,3.000,NA'];
    const expectations: Array<[string[], number]> = [
      [rows, 15_000],
      [rows.slice(1), 10_000],
    ];
    for (const [k, [lines, total]] of expectations.entries()) {
      const flows = path.join(work, `baci-hs92-self-${k}.csv`);
      writeFileSync(flows, ['"t","i","j","k","v","q"', ...lines].join('\n'));
      const dataDir = path.join(work, `data-${k}`);
      const r = await runIngest(dataDir, ['baci', flows, codes]);
      assert.equal(r.code, 0, r.stderr);
      const s = await startTestServer({ dataDir });
      try {
        for (const q of ['', '&product=8507', '&partner=ZA,US']) {
          const summary = await s.data(`/v1/trade/summary?reporter=ZA${q}`);
          assert.equal(summary.trade_value, total, `summary?reporter=ZA${q}`);
        }
        const listed = await s.data('/v1/trade?reporter=ZA');
        assert.equal(
          listed.reduce((a: number, x: any) => a + x.value_usd, 0),
          total,
        );
      } finally {
        await s.close();
      }
    }
  });
});
