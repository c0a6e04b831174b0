import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { computeComplexity, proximityRow, type Complexity, type Thresholds, type YearExports } from './measures.js';

// The expected values are computed here the straightforward way, on dense matrices and from
// the products' side: Mpp = diag(1/k_p) Mᵀ diag(1/k_c) M built whole, its eigenvector for
// the second-largest eigenvalue found by power iteration with the leading one (the constant
// vector, eigenvalue 1) removed, and proximity, density, COG and COI as the formulas read.

type Dense = number[][];

/** A year's exports from a dense matrix (rows: country ids 1…, columns: product codes 101…). */
function exportsOf(x: Dense): YearExports {
  const countries: number[] = [];
  const products: number[] = [];
  const values: number[] = [];
  x.forEach((row, c) =>
    row.forEach((v, p) => {
      if (v === 0) return;
      countries.push(c + 1);
      products.push(p + 101);
      values.push(v);
    }),
  );
  return {
    countries: Int32Array.from(countries),
    products: Int32Array.from(products),
    values: Float64Array.from(values),
  };
}

const sum = (a: number[]) => a.reduce((s, v) => s + v, 0);
const mean = (a: number[]) => sum(a) / a.length;
const sd = (a: number[]) => Math.sqrt(mean(a.map((v) => (v - mean(a)) ** 2)));

interface Reference {
  countries: number[];
  products: number[];
  m: Dense;
  eci: number[];
  pci: number[];
  proximity: Dense;
  density: Dense;
  cog: Dense;
  coi: number[];
}

function reference(x: Dense, t: Thresholds): Reference | undefined {
  const rowTotal = x.map(sum);
  const colTotal = x[0]!.map((_, p) => sum(x.map((r) => r[p]!)));
  let ci = x.map((_, c) => c).filter((c) => rowTotal[c]! >= t.minCountryExports);
  let pi = x[0]!.map((_, p) => p).filter((p) => colTotal[p]! >= t.minProductTrade);
  // Zero totals in the kept matrix leave.
  ci = ci.filter((c) => sum(pi.map((p) => x[c]![p]!)) > 0);
  pi = pi.filter((p) => sum(ci.map((c) => x[c]![p]!)) > 0);
  if (ci.length < 2 || pi.length < 2) return undefined;
  const X = ci.map((c) => pi.map((p) => x[c]![p]!));
  const xc = X.map(sum);
  const xp = pi.map((_, p) => sum(X.map((r) => r[p]!)));
  const xt = sum(xc);
  const M = X.map((r, c) => r.map((v, p) => (v / xc[c]! / (xp[p]! / xt) >= 1 ? 1 : 0)));
  const kc = M.map(sum);
  const kp = pi.map((_, p) => sum(M.map((r) => r[p]!)));
  const Mpp: Dense = pi.map((_, p) => pi.map((_, q) => sum(M.map((r, c) => (r[p]! * r[q]!) / kc[c]!)) / kp[p]!));
  // Power iteration on Mpp with the leading eigenvector (1, left eigenvector k_p) projected out.
  let v = pi.map((_, p) => Math.sin(p + 1));
  const deflate = (a: number[]) => {
    const along = sum(a.map((ai, p) => ai * kp[p]!)) / sum(kp);
    return a.map((ai) => ai - along);
  };
  v = deflate(v);
  for (let i = 0; i < 200_000; i++) {
    const next = deflate(Mpp.map((row) => sum(row.map((mpq, q) => mpq * v[q]!))));
    const norm = Math.sqrt(sum(next.map((a) => a * a)));
    const unit = next.map((a) => a / norm);
    const change = Math.max(...unit.map((a, p) => Math.abs(a - v[p]!)));
    v = unit;
    if (change < 1e-15) break;
  }
  let K = M.map((r, c) => sum(r.map((mcp, p) => mcp * v[p]!)) / kc[c]!);
  const corr = sum(kc.map((k, c) => (k - mean(kc)) * (K[c]! - mean(K))));
  const s = corr < 0 ? -1 : 1;
  K = K.map((k) => s * k);
  const u = v.map((a) => s * a);
  const mu = mean(K);
  const sigma = sd(K);
  if (!(sigma > 0)) return undefined;
  const C: Dense = pi.map((_, p) => pi.map((_, q) => sum(M.map((r) => r[p]! * r[q]!))));
  const phi = C.map((row, p) => row.map((cpq, q) => cpq / Math.max(kp[p]!, kp[q]!)));
  const phiSum = phi.map(sum);
  const density = M.map((r) => pi.map((_, p) => sum(r.map((mcq, q) => mcq * phi[p]![q]!)) / phiSum[p]!));
  const cog = M.map((r) =>
    pi.map((_, p) => (1 - r[p]!) * sum(r.map((mcq, q) => ((1 - mcq) * phi[p]![q]! * u[q]!) / phiSum[q]! / sigma))),
  );
  const outlook = M.map((r, c) => sum(r.map((mcp, p) => density[c]![p]! * (1 - mcp) * u[p]!)));
  return {
    countries: ci.map((c) => c + 1),
    products: pi.map((p) => p + 101),
    m: M,
    eci: K.map((k) => (k - mu) / sigma),
    pci: u.map((a) => (a - mu) / sigma),
    proximity: phi,
    density,
    cog,
    // A COI that does not vary is 0 for every country (the z-score has no deviation to divide by).
    coi: outlook.map((o) => (sd(outlook) > 0 ? (o - mean(outlook)) / sd(outlook) : 0)),
  };
}

const TOLERANCE = 1e-9;

function assertClose(actual: ArrayLike<number>, expected: number[], what: string): void {
  assert.equal(actual.length, expected.length, what);
  for (let i = 0; i < expected.length; i++)
    assert.ok(
      Math.abs(actual[i]! - expected[i]!) <= TOLERANCE,
      `${what}[${i}]: ${actual[i]} against ${expected[i]} (difference ${actual[i]! - expected[i]!})`,
    );
}

const byCountry = (cx: Complexity, flat: Float64Array | Uint8Array, c: number) =>
  Array.from(flat.subarray(c * cx.products.length, (c + 1) * cx.products.length));

/**
 * Whether every country and product of M is linked through exporters with RCA ≥ 1: else the
 * eigenvalue 1 repeats, and ECI is not defined by the year (any mix of the parts' vectors is one).
 */
function connected(m: Dense): boolean {
  const seen = new Set<number>([0]);
  const todo = [0];
  while (todo.length) {
    const c = todo.pop()!;
    for (let p = 0; p < m[0]!.length; p++) {
      if (!m[c]![p]) continue;
      m.forEach((row, d) => {
        if (!row[p] || seen.has(d)) return;
        seen.add(d);
        todo.push(d);
      });
    }
  }
  return seen.size === m.length && m[0]!.every((_, p) => m.some((row) => row[p]));
}

function assertMatches(cx: Complexity | undefined, ref: Reference | undefined): void {
  assert.ok(cx && ref, 'both compute');
  assert.ok(connected(ref.m), 'the year is one connected whole');
  assert.deepEqual(Array.from(cx.countries), ref.countries);
  assert.deepEqual(Array.from(cx.products), ref.products);
  ref.m.forEach((row, c) => assert.deepEqual(byCountry(cx, cx.m, c), row, `M of country ${c}`));
  assertClose(cx.eci, ref.eci, 'eci');
  assertClose(cx.pci, ref.pci, 'pci');
  assertClose(cx.coi, ref.coi, 'coi');
  ref.density.forEach((row, c) => assertClose(byCountry(cx, cx.density, c), row, `density of ${c}`));
  ref.cog.forEach((row, c) => assertClose(byCountry(cx, cx.cog, c), row, `cog of ${c}`));
  ref.proximity.forEach((row, p) => assertClose(proximityRow(cx, p), row, `proximity of ${p}`));
}

const NONE: Thresholds = { minCountryExports: 0, minProductTrade: 0 };

// Four countries of one unit per product exported: A all six, B the first five, C the first
// three, D the first one. World totals 4, 3, 3, 2, 2, 1 of 15. RCA = (1 / x_c) / (x_p / 15):
// A has RCA ≥ 1 in p3, p4, p5 (1.25, 1.25, 2.5); B in p1 to p4 (exactly 1 in p1 and p2: RCA ≥ 1
// counts); C in p0 to p2; D in p0.
const NESTED: Dense = [
  [1, 1, 1, 1, 1, 1],
  [1, 1, 1, 1, 1, 0],
  [1, 1, 1, 0, 0, 0],
  [1, 0, 0, 0, 0, 0],
];

describe('economic complexity', () => {
  it('reads M, diversity and ubiquity of a nested 4 × 6 year as worked by hand', () => {
    const cx = computeComplexity(exportsOf(NESTED), NONE)!;
    assert.deepEqual(Array.from(cx.m), [0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    assert.deepEqual(Array.from(cx.diversity), [3, 4, 3, 1]);
    assert.deepEqual(Array.from(cx.ubiquity), [2, 2, 2, 2, 2, 1]);
    assert.deepEqual(Array.from(cx.exports), [6, 5, 3, 1]);
    assert.deepEqual(Array.from(cx.worldExports), [4, 3, 3, 2, 2, 1]);
  });

  it('matches the dense computation on the nested year, and ECI is the mean PCI of what a country exports', () => {
    const cx = computeComplexity(exportsOf(NESTED), NONE)!;
    assertMatches(cx, reference(NESTED, NONE));
    const np = cx.products.length;
    for (let c = 0; c < cx.countries.length; c++) {
      let total = 0;
      for (let p = 0; p < np; p++) total += cx.m[c * np + p]! * cx.pci[p]!;
      assert.ok(Math.abs(cx.eci[c]! - total / cx.diversity[c]!) < TOLERANCE, `country ${c}`);
    }
    // ECI's mean 0 and population deviation 1; proximity of a product to itself 1.
    assert.ok(Math.abs(mean(Array.from(cx.eci))) < TOLERANCE);
    assert.ok(Math.abs(sd(Array.from(cx.eci)) - 1) < TOLERANCE);
    for (let p = 0; p < np; p++) assert.equal(proximityRow(cx, p)[p], 1);
  });

  it('gives two countries ECI +1 and −1, the more diversified first', () => {
    // Both export half their total in p0, as the world does (RCA exactly 1 for each, which links
    // them); A also p1 and p3 (RCA 2), B p2 (1.6): diversity 3 and 2.
    const year = [
      [4, 1, 1, 2],
      [4, 0, 4, 0],
    ];
    const cx = computeComplexity(exportsOf(year), NONE)!;
    assert.deepEqual(Array.from(cx.diversity), [3, 2]);
    assertClose(cx.eci, [1, -1], 'eci');
    assertMatches(cx, reference(year, NONE));
  });

  it('judges both thresholds on the whole year, a total equal to the threshold kept', () => {
    const year = generatedYear(11);
    const countryTotals = year.map(sum).sort((a, b) => a - b);
    const productTotals = year[0]!.map((_, p) => sum(year.map((r) => r[p]!))).sort((a, b) => a - b);
    const atCountry = countryTotals[4]!;
    const atProduct = productTotals[9]!;
    for (const [t, countries, products] of [
      // The fifth smallest country total and the tenth smallest product total, then just above.
      [{ minCountryExports: atCountry, minProductTrade: 0 }, 30 - 4, 70],
      [{ minCountryExports: atCountry * (1 + 1e-12), minProductTrade: 0 }, 30 - 5, 70],
      [{ minCountryExports: 0, minProductTrade: atProduct }, 30, 70 - 9],
      [{ minCountryExports: 0, minProductTrade: atProduct * (1 + 1e-12) }, 30, 70 - 10],
    ] as const) {
      const cx = computeComplexity(exportsOf(year), t)!;
      assert.equal(cx.countries.length, countries, JSON.stringify(t));
      assert.equal(cx.products.length, products, JSON.stringify(t));
      assertMatches(cx, reference(year, t));
    }
  });

  it('drops a product whose exporters were all left out, though its own total passes', () => {
    // A 71st product, exported only by the two smallest exporters, 10 each.
    const base = generatedYear(11);
    const totals = base.map(sum);
    const [first, second, third] = [...totals].sort((a, b) => a - b);
    const year = base.map((row, c) => [...row, totals[c] === first || totals[c] === second ? 10 : 0]);
    const t = { minCountryExports: second! + 11, minProductTrade: 20 };
    assert.ok(third! >= t.minCountryExports, 'the third smallest exporter stays');
    const cx = computeComplexity(exportsOf(year), t)!;
    assert.equal(cx.countries.length, 28);
    assert.ok(!cx.products.includes(171), 'the product leaves with its exporters');
    assertMatches(cx, reference(year, t));
    // With one of them kept, it stays.
    const kept = computeComplexity(exportsOf(year), { ...t, minCountryExports: second! + 10 })!;
    assert.ok(kept.products.includes(171));
  });

  it('answers nothing for fewer than two countries or products', () => {
    assert.equal(computeComplexity(exportsOf([[1, 2, 3]]), NONE), undefined);
    assert.equal(computeComplexity(exportsOf([[1], [2]]), NONE), undefined);
    assert.equal(computeComplexity(exportsOf(NESTED), { minCountryExports: 6, minProductTrade: 0 }), undefined);
  });

  it('matches the dense computation on a generated nested year: rich countries export rare products', () => {
    const year = generatedYear(7);
    const t = { minCountryExports: 500, minProductTrade: 100 };
    const cx = computeComplexity(exportsOf(year), t);
    assertMatches(cx, reference(year, t));
    assert.ok(cx!.countries.length > 20 && cx!.products.length > 50, 'most of the year is kept');
    // The most capable countries rank high: ECI follows the diversity the generation gave them.
    const diversity = Array.from(cx!.diversity);
    const eci = Array.from(cx!.eci);
    const cov = mean(diversity.map((d, i) => (d - mean(diversity)) * (eci[i]! - mean(eci))));
    assert.ok(cov / sd(diversity) / sd(eci) > 0.5, 'ECI correlates with diversity');
  });
});

/**
 * 30 countries × 70 products, nested: a country exports the products less sophisticated than
 * its capability (with some noise) in amounts spread over orders of magnitude, and a few of the
 * others in small amounts.
 */
function generatedYear(seed: number): Dense {
  const gen = xoroshiro128plus(seed);
  const float = () => uniformFloat64(gen);
  const normal = () => Math.sqrt(-2 * Math.log(1 - float())) * Math.cos(2 * Math.PI * float());
  const capability = Array.from({ length: 30 }, float);
  const sophistication = Array.from({ length: 70 }, float);
  return capability.map((cap) =>
    sophistication.map((soph) => {
      if (soph > cap + 0.15 * normal()) return float() < 0.2 ? 5 * float() : 0;
      return Math.exp(normal()) * 1000;
    }),
  );
}
