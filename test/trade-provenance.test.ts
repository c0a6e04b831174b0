import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ingest } from './helpers/ingest.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const FIELDS = ['source_name', 'source_url', 'license_id', 'attribution_text'] as const;
const pick = (o: any) => Object.fromEntries(FIELDS.map((f) => [f, o[f]]));

const COMTRADE = {
  source_name: 'UN Comtrade',
  source_url: 'https://comtradeplus.un.org/',
  license_id: 'UN-Comtrade-terms',
};
const BACI = {
  source_name: 'CEPII BACI',
  source_url: 'https://www.cepii.fr/CEPII/en/bdd_modele/bdd_modele_item.asp?id=37',
  license_id: 'etalab-2.0',
};

describe('trade provenance after ingests', () => {
  let s: TestServer;
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-provenance-'));
    s = await startTestServer({ dataDir });
  });
  after(async () => {
    await s?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const data = (path: string) => s.data(path);
  const coverage = async () =>
    Object.fromEntries((await data('/v1/trade/coverage')).map((r: any) => [r.country, pick(r)]));

  it(
    'a Comtrade ingest over the sample says UN Comtrade for its reporters, and' + ' nothing says sample any more',
    async () => {
      assert.match((await data('/v1/trade/countries/DE')).source_name, /generated sample/i);
      const rec = (o: Record<string, unknown>) => ({
        typeCode: 'C',
        partner2ISO: 'W00',
        customsCode: 'C00',
        motCode: 0,
        isReported: true,
        isAggregate: false,
        netWgt: 1,
        cmdCode: '850760',
        ...o,
      });
      const file = path.join(dataDir, 'comtrade.json');
      writeFileSync(
        file,
        JSON.stringify({
          elapsedTime: '0.1 secs',
          count: 3,
          error: '',
          data: [
            rec({
              freqCode: 'A',
              refYear: 2022,
              refMonth: 52,
              period: '2022',
              reporterISO: 'CHN',
              partnerISO: 'DEU',
              flowCode: 'X',
              primaryValue: 1000,
            }),
            rec({
              freqCode: 'M',
              refYear: 2022,
              refMonth: 3,
              period: '202203',
              reporterISO: 'CHN',
              partnerISO: 'DEU',
              flowCode: 'X',
              primaryValue: 100,
            }),
            rec({
              freqCode: 'M',
              refYear: 2022,
              refMonth: 3,
              period: '202203',
              reporterISO: 'DEU',
              partnerISO: 'CHN',
              flowCode: 'M',
              primaryValue: 104,
            }),
          ],
        }),
      );
      await ingest(dataDir, 'comtrade', { files: [file] });
      await s.refresh();
      const rows = await coverage();
      assert.deepEqual(Object.keys(rows), ['CN', 'DE']);
      for (const c of ['CN', 'DE']) {
        assert.deepEqual({ ...rows[c], attribution_text: undefined }, { ...COMTRADE, attribution_text: undefined }, c);
        assert.match(rows[c].attribution_text, /Comtrade/);
      }
      // A partner-only country's figures come from the reporters' declarations; the EU's from its reporting members.
      assert.equal((await data('/v1/trade/countries/US')).source_name, 'UN Comtrade');
      assert.equal((await data('/v1/trade/countries/EU')).source_name, 'UN Comtrade');
    },
  );

  it('a BACI ingest on top adds CEPII BACI; a country loaded by both lists both, in every field', async () => {
    const flows = path.join(dataDir, 'baci-hs92-fixture.csv');
    writeFileSync(
      flows,
      ['"t","i","j","k","v","q"', '2021,710,842,850760,2,NA', '2021,276,251,870323,5,1.5'].join('\n'),
    );
    const codes = path.join(dataDir, 'country-codes.csv');
    writeFileSync(
      codes,
      [
        '"country_code","country_name_abbreviation","country_name_full","iso_2digit_alpha","iso_3digit_alpha"',
        '710,"South Africa","South Africa","ZA","ZAF"',
        '842,"USA","United States of America","US","USA"',
        '276,"Germany","Germany","DE","DEU"',
        '251,"France","France","FR","FRA"',
      ].join('\n'),
    );
    await ingest(dataDir, 'baci', { files: [flows, codes] });
    await s.refresh();
    const rows = await coverage();
    assert.deepEqual(Object.keys(rows), ['CN', 'DE', 'ZA']);
    assert.equal(rows.CN.source_name, 'UN Comtrade');
    assert.deepEqual({ ...rows.ZA, attribution_text: undefined }, { ...BACI, attribution_text: undefined });
    assert.match(rows.ZA.attribution_text, /BACI/);
    // Germany: Comtrade months kept, BACI's 2021 exports added.
    assert.equal(rows.DE.source_name, 'CEPII BACI; UN Comtrade');
    assert.equal(rows.DE.source_url, `${BACI.source_url}; ${COMTRADE.source_url}`);
    assert.equal(rows.DE.license_id, `${BACI.license_id}; ${COMTRADE.license_id}`);
    assert.deepEqual(pick(await data('/v1/trade/countries/de')), rows.DE);
    assert.equal((await data('/v1/trade/countries/FR')).source_name, 'CEPII BACI; UN Comtrade');
  });
});
