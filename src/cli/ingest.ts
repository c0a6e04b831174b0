import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readFred } from '../ingest/adapters/fred.js';
import { readHsNomenclature } from '../ingest/adapters/hs.js';
import { ingestNomenclature, ingestTrade } from '../ingest/trade.js';
import { readComtrade } from '../ingest/adapters/comtrade.js';
import { downloadComtrade, downloadWorldBank } from '../ingest/online.js';
import { readBaci } from '../ingest/adapters/baci.js';
import { readJsonStat } from '../ingest/adapters/jsonstat.js';
import { readSdmx } from '../ingest/adapters/sdmx.js';
import { readWorldBank } from '../ingest/adapters/worldbank.js';
import { ingestEconomics } from '../ingest/economics.js';
import { loadMapping } from '../ingest/mapping.js';
import { badRowLines } from '../ingest/report.js';
import { loadSettings } from '../settings.js';
import { setDefaultProgressSink, textLines } from '../store/progress.js';

const USAGE = `usage: npm run ingest -- <adapter> <file-or-dir>... [options]
       npm run ingest -- worldbank --online --indicator CODE [--country ISO3;ISO3] [--date 2000:2023]
       npm run ingest -- comtrade --online --reporter M49 --period 2022[,2023] [--freq A|M] [--cmd AG6] [--flow M,X]
                         (COMTRADE_API_KEY holds the subscription key; --base-url points at another host)
adapters:
  worldbank   World Bank API v2 JSON pages, or the long CSV (Country Name,Country Code,Year,Value) with --indicator CODE
  fred        FRED series/observations JSON (--series ID, or the id in the file name)
  sdmx        SDMX-ML 2.1 generic data (.xml) or SDMX-JSON 1.0 data (.json)
  jsonstat    JSON-stat 2.0 datasets
  hs          HS nomenclature CSV (section,hscode,description,parent,level), or the UN Comtrade
              classification JSON (H0 … H6: the edition is read from the file); editions add up
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
      ? readdirSync(p).filter((f) => /\.(json|csv|xml)$/i.test(f)).sort().map((f) => path.join(p, f))
      : [p],
  );
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { indicator: { type: 'string' }, series: { type: 'string' }, 'hs-version': { type: 'string' }, online: { type: 'boolean', default: false }, 'base-url': { type: 'string' },
      country: { type: 'string' }, date: { type: 'string' }, reporter: { type: 'string' }, partner: { type: 'string' }, period: { type: 'string' },
      freq: { type: 'string' }, cmd: { type: 'string' }, flow: { type: 'string' }, mapping: { type: 'string' }, 'max-bad-rows': { type: 'string', default: '0' } },
    allowPositionals: true,
  });
  const [adapter, ...inputs] = positionals;
  if (!adapter || (inputs.length === 0 && !values.online)) {
    console.error(USAGE);
    return 2;
  }
  const settings = loadSettings();
  // Long ingests show their progress on stderr; stdout keeps the summary lines.
  setDefaultProgressSink(textLines(process.stderr));
  let files: string[];
  if (values.online) {
    // Online: download from the official API (paged, with retries), then load those files.
    if (adapter === 'worldbank') {
      if (!values.indicator) throw new Error('--online worldbank needs --indicator CODE');
      files = await downloadWorldBank({ indicator: values.indicator, countries: values.country ?? 'all', date: values.date, baseUrl: values['base-url'] });
    } else if (adapter === 'comtrade') {
      if (!values.reporter || !values.period) throw new Error('--online comtrade needs --reporter M49 and --period P[,P…]');
      files = await downloadComtrade({
        freq: values.freq === 'M' ? 'M' : 'A', reporter: values.reporter, periods: values.period.split(','), partner: values.partner,
        cmd: values.cmd, flow: values.flow, key: process.env.COMTRADE_API_KEY, baseUrl: values['base-url'],
      });
    } else {
      throw new Error('--online works with worldbank and comtrade');
    }
    console.log(`downloaded ${files.length} response page(s)`);
  } else {
    if (inputs.length === 0) throw new Error('give at least one file or folder');
    files = expand(inputs);
  }
  const maxBadRows = Number(values['max-bad-rows']);
  if (adapter === 'hs') {
    const { products, badRows, unmapped } = readHsNomenclature(files, values['hs-version'] ? Number(values['hs-version']) : undefined);
    for (const line of badRowLines(badRows)) console.error(line);
    for (const line of unmapped.summary()) console.log(line);
    const r = await ingestNomenclature(settings.dataDir, products, badRows, maxBadRows);
    const editions = r.editions.map((e) => `HS ${e.hs_version}: ${e.codes} HS6 codes${e.loaded ? '' : ' (kept)'}`).join(', ');
    console.log(`published snapshot ${r.snapshot}: nomenclature ${editions}; ${badRows.length} bad rows; carried over: ${r.carried.join(', ') || 'nothing'}`);
    return 0;
  }
  if (adapter === 'baci' || adapter === 'comtrade') {
    const batch = adapter === 'baci'
      ? readBaci(files, { hsVersion: values['hs-version'] ? Number(values['hs-version']) : undefined })
      : readComtrade(files, values['hs-version'] ? Number(values['hs-version']) : undefined);
    for (const line of badRowLines(batch.badRows)) console.error(line);
    for (const line of batch.unmapped.summary()) console.log(line);
    const r = await ingestTrade(settings.dataDir, batch, maxBadRows, adapter);
    if (r.addedCountries.length) console.log(`partners served under codes beyond the ISO list: ${r.addedCountries.map((c) => `${c.iso2} ${c.name}`).join(', ')}`);
    if (r.unknownCodes.length) console.log(`kept ${r.unknownCodes.length} HS ${batch.hsVersion} codes the loaded nomenclature lacks: ${r.unknownCodes.slice(0, 20).map((c) => String(c).padStart(6, '0')).join(', ')}${r.unknownCodes.length > 20 ? ', …' : ''}`);
    console.log(`published snapshot ${r.snapshot}: ${r.flows} annual flows, ${r.monthly} monthly flows (HS ${batch.hsVersion}), ${batch.badRows.length} bad rows; carried over: ${r.carried.join(', ') || 'nothing'}`);
    return 0;
  }
  let batch;
  switch (adapter) {
    case 'worldbank':
      batch = readWorldBank(files, { indicator: values.indicator }, loadMapping('worldbank', values.mapping));
      break;
    case 'fred':
      batch = readFred(files, { series: values.series }, loadMapping('fred', values.mapping));
      break;
    case 'sdmx':
      batch = readSdmx(files, loadMapping('sdmx', values.mapping));
      break;
    case 'jsonstat':
      batch = readJsonStat(files, loadMapping('jsonstat', values.mapping));
      break;
    default:
      console.error(`unknown adapter "${adapter}"\n${USAGE}`);
      return 2;
  }
  for (const line of badRowLines(batch.badRows)) console.error(line);
  for (const line of batch.unmapped.summary()) console.log(line);
  const report = await ingestEconomics(settings.dataDir, batch, { maxBadRows });
  console.log(
    `published snapshot ${report.snapshot}: ${batch.observations.length} observations read, ` +
      `${report.changedSeries.length} series changed, ${report.unchangedSeries} unchanged, ${report.badRows.length} bad rows`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    // Bad rows were listed (up to the cap) as soon as they were read.
    console.error(`ingest failed: ${(err as Error).message}`);
    process.exit(1);
  },
);
