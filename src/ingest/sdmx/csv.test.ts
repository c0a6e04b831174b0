import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvDelimiter, csvReader } from './csv.js';
import type { SdmxObservation } from './observation.js';

describe('SDMX-CSV reader', () => {
  it('finds the column separator after the first column', () => {
    assert.equal(csvDelimiter('DATAFLOW,FREQ'), ',');
    assert.equal(csvDelimiter('\uFEFFDATAFLOW;FREQ'), ';');
    assert.equal(csvDelimiter('STRUCTURE,STRUCTURE_ID'), ',');
    assert.equal(csvDelimiter('STRUCTURE[|];STRUCTURE_ID'), ';');
    assert.equal(csvDelimiter('YEAR,VALUE'), undefined);
  });

  it('reads a message fed in pieces of any size, a header split among them', () => {
    const text =
      'DATAFLOW,FREQ,REF_AREA,TIME_PERIOD,OBS_VALUE,OBS_STATUS,Label here\n' +
      'X:Y(1.0),A,DE,2020,1.5,A,ignored\r\nX:Y(1.0),A,DE,2021,"2",E,\n';
    for (const size of [1, 5, 1000]) {
      const got: SdmxObservation[] = [];
      const reader = csvReader({ observation: (o) => got.push(o), bad: () => assert.fail('no bad row') });
      for (let i = 0; i < text.length; i += size) reader.write(text.slice(i, i + size));
      reader.end();
      assert.deepEqual(
        got.map((o) => [o.key, o.period, o.value, o.attributes, o.line]),
        [
          [{ FREQ: 'A', REF_AREA: 'DE' }, '2020', 1.5, { OBS_STATUS: 'A' }, 2],
          [{ FREQ: 'A', REF_AREA: 'DE' }, '2021', 2, { OBS_STATUS: 'E' }, 3],
        ],
        `pieces of ${size}`,
      );
    }
  });

  it('refuses what is not SDMX-CSV, and a header with no end past its bound', () => {
    const sink = { observation: () => undefined, bad: () => undefined };
    assert.throws(() => csvReader(sink).write('YEAR,VALUE\n2020,1\n'), /not SDMX-CSV/);
    assert.throws(() => {
      const r = csvReader(sink);
      for (let i = 0; i < 20; i++) r.write('DATAFLOW'.padEnd(64 * 1024, ','));
    }, /header longer than/);
  });
});
