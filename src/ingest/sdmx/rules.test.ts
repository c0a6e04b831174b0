import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SdmxObservation } from './observation.js';
import { judge, scaled } from './rules.js';

const obs = (value: number | null, attributes: Record<string, string> = {}, action: 'replace' | 'delete' = 'replace') =>
  ({ key: {}, period: '2024', value, attributes, action, line: 1 }) satisfies SdmxObservation;

describe('SDMX observation rules', () => {
  it('keeps A, P, E (and no status) as final, provisional, estimated', () => {
    assert.deepEqual(judge(obs(1, { OBS_STATUS: 'A' })), { keep: true, value: 1, status: 'final' });
    assert.deepEqual(judge(obs(1, { OBS_STATUS: 'P' })), { keep: true, value: 1, status: 'provisional' });
    assert.deepEqual(judge(obs(1, { OBS_STATUS: 'E' })), { keep: true, value: 1, status: 'estimated' });
    assert.deepEqual(judge(obs(1)), { keep: true, value: 1, status: 'final' });
  });

  it('leaves out forecasts, missing values and withdrawn observations', () => {
    assert.deepEqual(judge(obs(1, { OBS_STATUS: 'F' })), { keep: false, why: 'forecast' });
    assert.deepEqual(judge(obs(1, { OBS_STATUS: 'M' })), { keep: false, why: 'missing' });
    assert.deepEqual(judge(obs(1, { OBS_STATUS: 'L' })), { keep: false, why: 'missing' });
    assert.deepEqual(judge(obs(null)), { keep: false, why: 'missing' });
    assert.deepEqual(judge(obs(1, {}, 'delete')), { keep: false, why: 'deleted' });
  });

  it('applies UNIT_MULT as a power of ten, exactly in decimal', () => {
    assert.equal(scaled(1.1, 3), 1100);
    assert.equal(scaled(0.7, 6), 700000);
    assert.equal(scaled(1234, -3), 1.234);
    assert.deepEqual(judge(obs(2.5, { UNIT_MULT: '6' })), { keep: true, value: 2500000, status: 'final' });
    assert.equal(judge(obs(2.5, { UNIT_MULT: 'x' })).keep, false);
  });
});
