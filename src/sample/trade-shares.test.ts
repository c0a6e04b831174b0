import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tradeCountryList } from '../reference/countries.js';
import { HS_PRODUCTS } from '../reference/hs.js';
import { chapterMultipliers, tradeSharesOf } from './trade.js';
import {
  COUNTRY_SHARES,
  DEFAULT_IMPORT_SHARES,
  PROFILES,
  PROFILE_OF,
  REGION_PROFILE,
  type ChapterShares,
} from './trade-shares.js';

/** The world share of each chapter in the bundled product list. */
function worldShares(): Map<number, number> {
  const byChapter = new Map<number, number>();
  for (const p of HS_PRODUCTS) {
    const chapter = Number(p.hs6.slice(0, 2));
    byChapter.set(chapter, (byChapter.get(chapter) ?? 0) + p.worldTradeBn);
  }
  const total = [...byChapter.values()].reduce((s, v) => s + v, 0);
  return new Map([...byChapter].map(([ch, v]) => [ch, v / total]));
}

function* allShares(): Generator<[string, ChapterShares]> {
  for (const [iso2, s] of Object.entries(COUNTRY_SHARES)) {
    if (s.exports) yield [`${iso2} exports`, s.exports];
    if (s.imports) yield [`${iso2} imports`, s.imports];
  }
  for (const [name, s] of Object.entries(PROFILES)) {
    if (s.exports) yield [`profile ${name} exports`, s.exports];
    if (s.imports) yield [`profile ${name} imports`, s.imports];
  }
  yield ['default imports', DEFAULT_IMPORT_SHARES];
}

describe('trade sample specialisation table', () => {
  it('names chapters or non-overlapping chapter ranges, with shares adding up to at most 100 %', () => {
    for (const [what, shares] of allShares()) {
      const covered = new Set<number>();
      let total = 0;
      for (const [key, pct] of Object.entries(shares)) {
        const m = /^(\d{2})(?:-(\d{2}))?$/.exec(key);
        assert.ok(m, `${what}: key ${key}`);
        const lo = Number(m[1]);
        const hi = Number(m[2] ?? m[1]);
        assert.ok(lo >= 1 && lo <= hi && hi <= 97, `${what}: range ${key}`);
        for (let ch = lo; ch <= hi; ch++) {
          assert.ok(!covered.has(ch), `${what}: chapter ${ch} named twice`);
          covered.add(ch);
        }
        assert.ok(pct > 0, `${what}: ${key}`);
        total += pct;
      }
      assert.ok(total <= 100, `${what}: shares add up to ${total} %`);
    }
  });

  it('uses real country codes and existing profiles', () => {
    const codes = new Set(tradeCountryList().map((c) => c.iso2));
    for (const iso2 of [...Object.keys(COUNTRY_SHARES), ...Object.keys(PROFILE_OF)]) assert.ok(codes.has(iso2), iso2);
    for (const iso2 of Object.keys(PROFILE_OF))
      assert.ok(!(iso2 in COUNTRY_SHARES), `${iso2} has both a row and a profile`);
    for (const profile of [...Object.values(PROFILE_OF), ...Object.values(REGION_PROFILE)])
      assert.ok(profile in PROFILES, profile);
  });

  it('turns shares into multipliers that keep a country total and reproduce its chapter shares', () => {
    const world = worldShares();
    for (const c of tradeCountryList()) {
      for (const side of ['exports', 'imports'] as const) {
        const shares = tradeSharesOf(c.iso2, c.region, side);
        const x = chapterMultipliers(shares, world);
        const mean = [...world].reduce((s, [ch, w]) => s + w * x.get(ch)!, 0);
        // The floor on tiny multipliers may add a little.
        assert.ok(Math.abs(mean - 1) < 0.01, `${c.iso2} ${side}: world-weighted mean ${mean}`);
      }
    }
    const cn = chapterMultipliers(COUNTRY_SHARES.CN!.exports, world);
    assert.ok(Math.abs(cn.get(85)! * world.get(85)! - 0.26) < 1e-9);
    // A range shares its percentage in proportion to the world trade of its chapters.
    const apparel = [61, 62, 63].reduce((s, ch) => s + cn.get(ch)! * world.get(ch)!, 0);
    assert.ok(Math.abs(apparel - 0.06) < 1e-9);
    assert.equal(cn.get(61), cn.get(63));
    // Without shares of its own, an importer takes the default basket; an exporter the world's.
    assert.equal(tradeSharesOf('FJ', 'Oceania', 'imports'), DEFAULT_IMPORT_SHARES);
    assert.equal(tradeSharesOf('KW', 'Asia', 'exports'), PROFILES.fuels!.exports);
    assert.equal(tradeSharesOf('AM', 'Asia', 'exports'), undefined);
    assert.ok([...chapterMultipliers(undefined, world).values()].every((v) => v === 1));
  });
});
