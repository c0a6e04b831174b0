import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COUNTRY_PROFILES } from '../reference/countries.js';
import { simulateEconomy } from './economy.js';

describe('sample economy generator', () => {
  const usa = COUNTRY_PROFILES.find((p) => p.iso3 === 'USA')!;

  it('gives the same numbers for the same seed, and others for another seed', () => {
    const a = simulateEconomy(usa, 7, 2026);
    const b = simulateEconomy(usa, 7, 2026);
    const c = simulateEconomy(usa, 8, 2026);
    assert.deepEqual(a.monthly.CPI, b.monthly.CPI);
    assert.deepEqual(a.daily.BOND_YIELD_10Y, b.daily.BOND_YIELD_10Y);
    assert.notDeepEqual(a.monthly.CPI, c.monthly.CPI);
  });

  it('keeps past values when the run is extended', () => {
    const short = simulateEconomy(usa, 7, 2026);
    const long = simulateEconomy(usa, 7, 2028);
    assert.deepEqual(
      long.monthly.UNEMPLOYMENT!.slice(0, short.monthly.UNEMPLOYMENT!.length),
      short.monthly.UNEMPLOYMENT,
    );
  });

  it('anchors GDP on the 2023 size of the economy and keeps identities', () => {
    for (const p of COUNTRY_PROFILES) {
      const e = simulateEconomy(p, 7, 2026);
      assert.ok(Math.abs(e.annual.GDP_USD![23]! / (p.gdpBn * 1e9) - 1) < 1e-9, p.iso3);
      e.annual.GOV_EXPENDITURE!.forEach((x, k) =>
        assert.ok(Math.abs(x - (e.annual.GOV_REVENUE![k]! - e.annual.GOV_BALANCE![k]!)) < 1e-9),
      );
    }
  });
});
