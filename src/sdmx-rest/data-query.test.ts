import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ApiError } from '../errors.js';
import { checkFlowRef, parseDataParams, parseKey } from './data-query.js';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as ApiError).code;
  }
  return 'none';
};

describe('SDMX data queries', () => {
  it('knows its own flow by any of its references, and no other', () => {
    for (const ref of ['ECON', 'ECONTRADE,ECON', 'ECONTRADE,ECON,1.0', 'ECONTRADE,ECON,latest', 'all,ECON,latest'])
      assert.equal(
        code(() => checkFlowRef(ref)),
        'none',
        ref,
      );
    assert.equal(
      code(() => checkFlowRef('ECB,EXR,1.0')),
      'not_found',
    );
    assert.equal(
      code(() => checkFlowRef('ECONTRADE,ECON,2.0')),
      'not_found',
    );
    assert.equal(
      code(() => checkFlowRef('a,b,c,d')),
      'bad_request',
    );
  });

  it('reads keys with empty parts and alternatives', () => {
    assert.deepEqual(parseKey('M.DEU+fra.'), { freq: ['M'], area: ['DEU', 'FRA'], indicator: null });
    assert.deepEqual(parseKey('all'), { freq: null, area: null, indicator: null });
    assert.deepEqual(parseKey(undefined), { freq: null, area: null, indicator: null });
    assert.equal(
      code(() => parseKey('M.DEU')),
      'bad_request',
    );
    assert.equal(
      code(() => parseKey('M.DE;U.CPI')),
      'bad_request',
    );
  });

  it('reads periods, counts and details, refusing malformed ones with 400 and others with 501', () => {
    const q = parseDataParams({
      startPeriod: '2020-Q2',
      endPeriod: '2021',
      lastNObservations: '3',
      detail: 'dataonly',
    });
    assert.deepEqual(q, {
      from: '2020-04-01',
      to: '2021-12-31',
      lastN: 3,
      dimensionAtObservation: 'TIME_PERIOD',
      detail: 'dataonly',
    });
    assert.equal(parseDataParams({ updatedAfter: '2026-11-20T12:00:00Z' }).updatedAfter, Date.UTC(2026, 10, 20, 12));
    assert.equal(
      code(() => parseDataParams({ startPeriod: '2020-13' })),
      'bad_request',
    );
    assert.equal(
      code(() => parseDataParams({ startPeriod: '2021', endPeriod: '2020' })),
      'bad_request',
    );
    assert.equal(
      code(() => parseDataParams({ firstNObservations: '0' })),
      'bad_request',
    );
    assert.equal(
      code(() => parseDataParams({ updatedAfter: 'yesterday' })),
      'bad_request',
    );
    assert.equal(
      code(() => parseDataParams({ detail: 'everything' })),
      'bad_request',
    );
    assert.equal(
      code(() => parseDataParams({ dimensionAtObservation: 'REF_AREA' })),
      'not_implemented',
    );
    assert.equal(
      code(() => parseDataParams({ dimensionAtObservation: 'COLOUR' })),
      'bad_request',
    );
  });
});
