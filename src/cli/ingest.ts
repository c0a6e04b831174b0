import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readFred } from '../ingest/adapters/fred.js';
import { readHsFiles } from '../ingest/adapters/hs-files.js';
import { ingestNomenclature } from '../ingest/nomenclature.js';
import { ingestTrade } from '../ingest/trade.js';
import type { TradeSourceId } from '../ingest/trade-sources.js';
import { readComtrade } from '../ingest/adapters/comtrade.js';
import { downloadComtrade, downloadWorldBank } from '../ingest/online.js';
import { readBaci } from '../ingest/adapters/baci.js';
import { readJsonStat } from '../ingest/adapters/jsonstat.js';
import { readLongCsv, type LongCsvLayout } from '../ingest/adapters/long-csv.js';
import { INDICATOR_FREQUENCIES } from '../reference/indicators.js';
import type { Frequency } from '../economics/catalogue.js';
import { readSdmx } from '../ingest/adapters/sdmx.js';
import { readWorldBank } from '../ingest/adapters/worldbank.js';
import { XLSX_MAX_ROWS } from '../ingest/xlsx.js';
import { ingestEconomics } from '../ingest/economics.js';
import { loadMapping } from '../ingest/mapping.js';
import type { EconomicsBatch } from '../ingest/types.js';
import { badRowLines } from '../ingest/report.js';
import { loadSettings, type Settings } from '../settings.js';
import { setDefaultProgressSink, textLines } from '../store/progress.js';
import { describeDataDir } from './where.js';

const USAGE = `usage: npm run ingest -- <adapter> <file-or-dir>... [options]
       npm run ingest -- worldbank --online --indicator CODE [--country ISO3;ISO3] [--date 2000:2023]
       npm run ingest -- comtrade --online --reporter M49 --period 2022[,2023] [--freq A|M] [--cmd AG6] [--flow M,X]
                         (COMTRADE_API_KEY holds the subscription key; --base-url points at another host)
adapters:
  worldbank   World Bank API v2 JSON pages, or the long CSV (Country Name,Country Code,Year,Value) with --indicator CODE
  fred        FRED series/observations JSON (--series ID, or the id in the file name)
  sdmx        SDMX data messages: SDMX-ML 2.1 generic or structure-specific, SDMX-JSON 1.0/2.0, SDMX-CSV 1.0/2.0
  jsonstat    JSON-stat 2.0 datasets
  csv         a plain long CSV, one observation a row: --indicator KPI_ID --date-column C --value-column C,
              --country ISO3 or --country-column C (codes, agency codes or country names), --source-name NAME
              --source-url URL [--license ID] [--attribution TEXT] [--frequency monthly|quarterly|annual|daily]
  hs          HS nomenclature CSV (section,hscode,description,parent,level), or the UN Comtrade
              classification JSON (H0 … H6: the edition is read from the file); editions add up;
              and UNSD conversion and correlation workbooks (.xlsx, e.g. HS2022toHS1992)
  baci        CEPII BACI flows (t,i,j,k,v,q) with its country-code list
  comtrade    UN Comtrade+ API v1 JSON (annual and monthly declarations)
options:
  --hs-version YEAR    HS edition: of a nomenclature CSV (default 2022), of BACI flows (default: from the file name),
                       of Comtrade records (default: their classificationCode)
  --series ID          FRED series id of a file
  --indicator CODE     source indicator code of a long CSV (e.g. NY.GDP.MKTP.CD)
  --mapping FILE       extra source-code mappings (JSON, same shape as mappings/<adapter>.json)
  --max-bad-rows N     fail the whole ingest when more rows than this are bad (default 0)`;

/** Files given directly, and the data files inside given folders. */
function expand(paths: string[]): string[] {
  return paths.flatMap((p) =>
    statSync(p).isDirectory()
      ? readdirSync(p)
          .filter((f) => /\.(json|csv|xml|xlsx)$/i.test(f))
          .sort()
          .map((f) => path.join(p, f))
      : [p],
  );
}

const OPTIONS = {
  indicator: { type: 'string' },
  series: { type: 'string' },
  'hs-version': { type: 'string' },
  online: { type: 'boolean', default: false },
  'base-url': { type: 'string' },
  country: { type: 'string' },
  date: { type: 'string' },
  reporter: { type: 'string' },
  partner: { type: 'string' },
  period: { type: 'string' },
  freq: { type: 'string' },
  cmd: { type: 'string' },
  flow: { type: 'string' },
  mapping: { type: 'string' },
  'max-bad-rows': { type: 'string', default: '0' },
  'date-column': { type: 'string' },
  'value-column': { type: 'string' },
  'country-column': { type: 'string' },
  frequency: { type: 'string' },
  'source-name': { type: 'string' },
  'source-url': { type: 'string' },
  license: { type: 'string' },
  attribution: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

const hsVersionOf = (values: Values) => (values['hs-version'] ? Number(values['hs-version']) : undefined);

/** Online: downloads from the official API (paged, with retries); the files are then loaded like given ones. */
async function download(adapter: string, values: Values): Promise<string[]> {
  if (adapter === 'worldbank') {
    if (!values.indicator) throw new Error('--online worldbank needs --indicator CODE');
    const { indicator, date } = values;
    return downloadWorldBank({ indicator, countries: values.country ?? 'all', date, baseUrl: values['base-url'] });
  }
  if (adapter === 'comtrade') {
    if (!values.reporter || !values.period) {
      throw new Error('--online comtrade needs --reporter M49 and --period P[,P…]');
    }
    return downloadComtrade({
      freq: values.freq === 'M' ? 'M' : 'A',
      reporter: values.reporter,
      periods: values.period.split(','),
      partner: values.partner,
      cmd: values.cmd,
      flow: values.flow,
      key: process.env.COMTRADE_API_KEY,
      baseUrl: values['base-url'],
    });
  }
  throw new Error('--online works with worldbank and comtrade');
}

async function ingestHs(
  settings: Settings,
  files: string[],
  opts: { values: Values; maxBadRows: number },
): Promise<void> {
  const limits = { maxPartBytes: settings.ingestMaxBytes, maxRows: XLSX_MAX_ROWS };
  const read = await readHsFiles(files, hsVersionOf(opts.values), limits);
  const { products, conversions, correlations, badRows, badRowCount, unmapped } = read;
  for (const line of badRowLines(badRows, 10, badRowCount)) console.error(line);
  for (const line of unmapped.summary()) console.log(line);
  const r = await ingestNomenclature(
    settings.dataDir,
    { products, conversions, correlations, badRows, badRowCount },
    { maxBadRows: opts.maxBadRows, settings },
  );
  const editions = r.editions.map((e) => `HS ${e.hs_version}: ${e.codes} HS6 codes${e.loaded ? '' : ' (kept)'}`);
  const tables = r.conversions.map(
    (c) => `HS ${c.from_version} to HS ${c.to_version}: ${c.codes} codes${c.loaded ? '' : ' (kept)'}`,
  );
  const flows = r.flowEditions.map(
    (e) =>
      `HS ${e.hs_version}: ${e.own} flows as reported, ${e.converted} converted, ` +
      `${e.earlier} of an earlier edition and ${e.unconverted} without a conversion left out`,
  );
  const carried = r.carried.join(', ') || 'nothing';
  console.log(
    `published snapshot ${r.snapshot}: nomenclature ${editions.join(', ') || 'unchanged'}; ` +
      `conversions ${tables.join(', ') || 'none'}; ${badRowCount} bad rows; carried over: ${carried}`,
  );
  for (const line of flows) console.log(`trade in ${line}`);
}

async function ingestFlows(
  settings: Settings,
  files: string[],
  opts: { source: TradeSourceId; values: Values; maxBadRows: number },
): Promise<void> {
  const input =
    opts.source === 'baci'
      ? await readBaci(files, { hsVersion: hsVersionOf(opts.values), maxBytes: settings.ingestMaxBytes })
      : readComtrade(files, hsVersionOf(opts.values));
  const r = await ingestTrade(settings.dataDir, input, {
    maxBadRows: opts.maxBadRows,
    source: opts.source,
    settings,
    // Bad rows are listed as soon as the input is read, before the long part of the build.
    onStaged: (staged) => {
      for (const line of badRowLines(staged.badRows, 10, staged.badRowCount)) console.error(line);
      for (const line of staged.unmapped.summary()) console.log(line);
    },
  });
  if (r.unchanged) {
    console.log(
      `unchanged: snapshot ${r.snapshot} already holds these ${r.flows} annual and ${r.monthly} monthly flows`,
    );
    return;
  }
  if (r.addedCountries.length) {
    const added = r.addedCountries.map((c) => `${c.iso2} ${c.name}`).join(', ');
    console.log(`partners served under codes beyond the ISO list: ${added}`);
  }
  if (r.unknownCodes.length) {
    const shown = r.unknownCodes
      .slice(0, 20)
      .map((c) => String(c).padStart(6, '0'))
      .join(', ');
    const more = r.unknownCodes.length > 20 ? ', …' : '';
    const count = `${r.unknownCodes.length} HS ${r.hsVersion} codes`;
    console.log(`kept ${count} the loaded nomenclature lacks: ${shown}${more}`);
  }
  console.log(
    `published snapshot ${r.snapshot}: ${r.flows} annual flows, ${r.monthly} monthly flows (HS ${r.hsVersion}), ` +
      `${r.badRowCount} bad rows; carried over: ${r.carried.join(', ') || 'nothing'}`,
  );
}

/** The layout of a plain long CSV from the command line (each column and the provenance named). */
function longCsvLayout(values: Values): LongCsvLayout {
  const need = (name: keyof Values) => {
    const v = values[name];
    if (typeof v !== 'string' || v === '') throw new Error(`the csv adapter needs --${String(name)}`);
    return v;
  };
  const frequency = values.frequency;
  if (frequency !== undefined && !(INDICATOR_FREQUENCIES as readonly string[]).includes(frequency))
    throw new Error(`--frequency must be one of ${INDICATOR_FREQUENCIES.join(', ')}, got "${frequency}"`);
  const [kpi_id, dateColumn, valueColumn, sourceName, sourceUrl] = (
    ['indicator', 'date-column', 'value-column', 'source-name', 'source-url'] as const
  ).map(need) as [string, string, string, string, string];
  return {
    kpi_id,
    dateColumn,
    valueColumn,
    ...(values['country-column'] ? { countryColumn: values['country-column'] } : {}),
    ...(values.country ? { country: values.country } : {}),
    ...(frequency ? { frequency: frequency as Frequency } : {}),
    provenance: {
      source_name: sourceName,
      source_url: sourceUrl,
      license_id: values.license ?? 'not stated',
      attribution_text: values.attribution ?? `Source: ${sourceName}`,
    },
  };
}

/** The batch of an economics adapter; undefined for an adapter name no reader has. */
async function readEconomics(adapter: string, files: string[], values: Values): Promise<EconomicsBatch | undefined> {
  switch (adapter) {
    case 'csv':
      return readLongCsv(files, longCsvLayout(values));
    case 'worldbank':
      return readWorldBank(files, { indicator: values.indicator }, loadMapping('worldbank', values.mapping));
    case 'fred':
      return readFred(files, { series: values.series }, loadMapping('fred', values.mapping));
    case 'sdmx': {
      const batch = readSdmx(files, loadMapping('sdmx', values.mapping));
      const { forecast, missing, deleted } = batch.skipped;
      if (forecast + missing + deleted > 0)
        console.log(`left out: ${forecast} forecasts, ${missing} missing values, ${deleted} withdrawn observations`);
      return batch;
    }
    case 'jsonstat':
      return readJsonStat(files, loadMapping('jsonstat', values.mapping));
    default:
      return undefined;
  }
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  const [adapter, ...inputs] = positionals;
  if (!adapter || (inputs.length === 0 && !values.online)) {
    console.error(USAGE);
    return 2;
  }
  const settings = loadSettings();
  // Which DATA_DIR receives the snapshot, before any work: on stderr, with the progress.
  console.error(`DATA_DIR ${describeDataDir(settings.dataDir)}`);
  // Long ingests show their progress on stderr; stdout keeps the summary lines.
  setDefaultProgressSink(textLines(process.stderr));
  if (!values.online) {
    if (inputs.length === 0) throw new Error('give at least one file or folder');
    // A BACI release is given as published (zips, folders): its adapter sorts out the files.
    return ingestFiles(adapter, adapter === 'baci' ? inputs : expand(inputs), { settings, values });
  }
  const files = await download(adapter, values);
  console.log(`downloaded ${files.length} response page(s)`);
  try {
    return await ingestFiles(adapter, files, { settings, values });
  } finally {
    // The downloaded pages were read into the snapshot (or the ingest failed): not kept.
    if (files[0]) rmSync(path.dirname(files[0]), { recursive: true, force: true });
  }
}

/** Loads `files` with `adapter` into a new snapshot of DATA_DIR, under `settings`; the exit code. */
async function ingestFiles(
  adapter: string,
  files: string[],
  { settings, values }: { settings: Settings; values: Values },
): Promise<number> {
  const maxBadRows = Number(values['max-bad-rows']);
  if (adapter === 'hs') {
    await ingestHs(settings, files, { values, maxBadRows });
    return 0;
  }
  if (adapter === 'baci' || adapter === 'comtrade') {
    await ingestFlows(settings, files, { source: adapter, values, maxBadRows });
    return 0;
  }
  const batch = await readEconomics(adapter, files, values);
  if (!batch) {
    console.error(`unknown adapter "${adapter}"\n${USAGE}`);
    return 2;
  }
  for (const line of badRowLines(batch.badRows)) console.error(line);
  for (const line of batch.unmapped.summary()) console.log(line);
  const report = await ingestEconomics(settings.dataDir, batch, { maxBadRows, settings });
  console.log(
    `published snapshot ${report.snapshot}: ${batch.observations.length} observations read, ` +
      `${report.changedSeries.length} series changed, ${report.unchangedSeries} unchanged, ` +
      `${report.badRows.length} bad rows`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    // Bad rows were listed (up to the cap) as soon as they were read.
    // One line: the cause (a library's message may run on with hints and context).
    console.error(`ingest failed: ${String((err as Error).message).split('\n')[0]}`);
    process.exit(1);
  },
);
