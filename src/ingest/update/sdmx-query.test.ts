import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sdmxAccept, sdmxDataUrl } from './sdmx-query.js';

describe('sdmxDataUrl', () => {
  it('writes a 2.1 data query with its period, updatedAfter and detail', () => {
    assert.equal(
      sdmxDataUrl({
        url: 'https://data-api.ecb.europa.eu/service/',
        flow: 'ECB,EXR,1.0',
        key: 'M.USD+GBP.EUR.SP00.A',
        startPeriod: '2000-01',
        updatedAfter: new Date('2026-11-26T08:30:00.123Z'),
      }),
      'https://data-api.ecb.europa.eu/service/data/ECB,EXR,1.0/M.USD+GBP.EUR.SP00.A' +
        '?startPeriod=2000-01&updatedAfter=2026-11-26T08%3A30%3A00Z&detail=full',
    );
    assert.equal(
      sdmxDataUrl({ url: 'https://x.org/rest', flow: 'nama_10_gdp', key: '', detail: 'dataonly' }),
      'https://x.org/rest/data/nama_10_gdp/all?detail=dataonly',
    );
  });

  it('writes a 3.0 data query: the dataflow path, commas for alternatives, * for every value', () => {
    assert.equal(
      sdmxDataUrl({
        url: 'https://api.imf.org/external/sdmx/3.0',
        restVersion: '3.0',
        flow: 'IMF.RES,WEO,5.0.0',
        key: 'USA+DEU..A',
        startPeriod: '2000',
      }),
      'https://api.imf.org/external/sdmx/3.0/data/dataflow/IMF.RES/WEO/5.0.0/USA,DEU.*.A' +
        '?c%5BTIME_PERIOD%5D=ge%3A2000&attributes=dsd',
    );
    assert.equal(
      sdmxDataUrl({ url: 'https://x.org', restVersion: '3.0', flow: 'WEO', key: '' }),
      'https://x.org/data/dataflow/*/WEO/~/*?attributes=dsd',
    );
  });

  it('refuses a flow of another shape, and asks for SDMX-ML of its version', () => {
    assert.throws(
      () => sdmxDataUrl({ url: 'https://x.org', flow: 'A,B', key: '' }),
      /neither AGENCY,ID,VERSION nor ID/,
    );
    assert.match(sdmxAccept(), /structurespecificdata\+xml;version=2\.1/);
    assert.match(sdmxAccept('3.0'), /version=3\.0\.0/);
  });
});
