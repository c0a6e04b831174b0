import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actionOf, emitObservation, groupAttributes, isSdmxId, valueOf, type SdmxObservation } from './observation.js';

describe('SDMX observation parts', () => {
  it('reads values: numbers, none (empty, NaN), and what is neither', () => {
    assert.equal(valueOf('1.5'), 1.5);
    assert.equal(valueOf(' -4e2 '), -400);
    assert.equal(valueOf('.5'), 0.5);
    assert.equal(valueOf(7), 7);
    assert.equal(valueOf(''), null);
    assert.equal(valueOf('NaN'), null);
    assert.equal(valueOf(null), null);
    assert.equal(valueOf(undefined), null);
    assert.equal(valueOf('1,5'), undefined);
    assert.equal(valueOf('0x10'), undefined);
    assert.equal(valueOf('Infinity'), undefined);
    assert.equal(valueOf(Number.NaN), undefined);
  });

  it('tells a Delete action, ids, and the groups that apply to a key', () => {
    assert.equal(actionOf('Delete'), 'delete');
    assert.equal(actionOf(' delete '), 'delete');
    assert.equal(actionOf('Replace'), 'replace');
    assert.equal(actionOf(undefined), 'replace');
    assert.ok(isSdmxId('OBS_STATUS') && isSdmxId('geo') && !isSdmxId('Dimension 1') && !isSdmxId('1X'));
    const groups: Array<{ key: Record<string, string>; attributes: Record<string, string> }> = [
      { key: { REF_AREA: 'DE' }, attributes: { TITLE: 'Germany' } },
      { key: { REF_AREA: 'FR' }, attributes: { TITLE: 'France' } },
      { key: {}, attributes: { UNIT: 'EUR' } },
    ];
    assert.deepEqual(groupAttributes(groups, { REF_AREA: 'DE', FREQ: 'A' }), { TITLE: 'Germany', UNIT: 'EUR' });
  });

  it('hands on an observation without its time in the key, or reports why it cannot', () => {
    const got: SdmxObservation[] = [];
    const bad: Array<[number, string]> = [];
    const sink = { observation: (o: SdmxObservation) => got.push(o), bad: (l: number, r: string) => bad.push([l, r]) };
    const base = { attributes: {}, action: 'replace' as const, line: 3 };
    emitObservation(sink, { ...base, dimensions: { A: 'x', TIME_PERIOD: '2020' }, value: '2' });
    emitObservation(sink, { ...base, dimensions: { A: 'x' }, value: '2' });
    emitObservation(sink, { ...base, dimensions: { A: 'x', TIME_PERIOD: '2020' }, value: 'n/a' });
    emitObservation(sink, { ...base, action: 'delete', dimensions: { A: 'x' }, value: '-' });
    assert.deepEqual(got, [
      { key: { A: 'x' }, period: '2020', value: 2, attributes: {}, action: 'replace', line: 3 },
      { key: { A: 'x' }, period: '', value: null, attributes: {}, action: 'delete', line: 3 },
    ]);
    assert.deepEqual(bad, [
      [3, 'an observation without a time period (TIME_PERIOD)'],
      [3, 'value "n/a" is not a number'],
    ]);
  });
});
