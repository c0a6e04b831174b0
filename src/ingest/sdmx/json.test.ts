import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonReader } from './json.js';
import type { SdmxObservation } from './observation.js';

function read(doc: unknown, maxJsonBytes?: number): { obs: SdmxObservation[]; bad: Array<[number, string]> } {
  const obs: SdmxObservation[] = [];
  const bad: Array<[number, string]> = [];
  const reader = jsonReader({ observation: (o) => obs.push(o), bad: (l, r) => bad.push([l, r]) }, { maxJsonBytes });
  reader.write(JSON.stringify(doc));
  reader.end();
  return { obs, bad };
}

describe('SDMX-JSON reader', () => {
  it('2.0: dimension group attributes by partial key, defaults, inline and localised values', () => {
    const doc = {
      data: {
        structures: [
          {
            dimensions: {
              series: [
                { id: 'COUNTRY', values: [{ id: 'USA' }, { id: 'FRA' }] },
                { id: 'INDICATOR', values: [{ id: 'NGDP' }] },
              ],
              observation: [{ id: 'TIME_PERIOD', values: [{ value: '2020' }, { value: '2021' }] }],
            },
            attributes: {
              dimensionGroup: [
                { id: 'SERIES_NAME', values: [] },
                { id: 'NA_STO', values: [{ id: 'B1G' }, { id: 'B1GQ' }] },
              ],
              series: [
                { id: 'SCALE', values: [{ id: '6' }, { id: '9' }] },
                { id: 'DECIMALS', values: [{ id: '3' }] },
              ],
              observation: [{ id: 'OBS_STATUS', default: 'A', values: [{ id: 'A' }, { id: 'E' }] }],
            },
          },
        ],
        dataSets: [
          {
            structure: 0,
            dimensionGroupAttributes: {
              ':0:': [{ en: 'Gross domestic product' }, 1],
              '1:0:': ['France only', null],
              '0:0:1': [null, 0],
            },
            series: {
              '0:0': { attributes: [1, null], observations: { '0': [10], '1': [11, 1] } },
              '1:0': { attributes: [0], observations: { '0': [20, 0] } },
            },
          },
        ],
      },
    };
    const { obs, bad } = read(doc);
    assert.deepEqual(bad, []);
    assert.deepEqual(
      obs.map((o) => [o.key.COUNTRY, o.period, o.value, o.attributes]),
      [
        ['USA', '2020', 10, { SERIES_NAME: 'Gross domestic product', NA_STO: 'B1GQ', SCALE: '9', OBS_STATUS: 'A' }],
        ['USA', '2021', 11, { SERIES_NAME: 'Gross domestic product', NA_STO: 'B1G', SCALE: '9', OBS_STATUS: 'E' }],
        ['FRA', '2020', 20, { SERIES_NAME: 'France only', NA_STO: 'B1GQ', SCALE: '6', OBS_STATUS: 'A' }],
      ],
    );
  });

  it('refuses a message past its byte bound, and what is no SDMX-JSON data message', () => {
    assert.throws(() => read({ structure: {}, dataSets: [] }, 10), /more than 10 bytes/);
    assert.throws(() => read({ hello: 1 }), /not an SDMX-JSON data message/);
    assert.throws(() => {
      const r = jsonReader({ observation: () => undefined, bad: () => undefined });
      r.write('{"structure": ');
      r.end();
    }, /not JSON/);
  });
});
