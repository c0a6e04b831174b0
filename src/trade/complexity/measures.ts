import { symmetricEigen } from './eigen.js';

// Economic complexity of one year's exports, as CONTRACT §4 states it (the formulas of
// the Growth Lab's `ecomplexity` 0.5.2): RCA and the binary matrix M, diversity and
// ubiquity, ECI and PCI from the eigenvector of the smaller side (countries), then
// proximity, density, complexity outlook (COI) and opportunity gain (COG). Pure: the
// exports come in as arrays, the measures go out as typed arrays.

/** One year's exports: entry i is exporter `countries[i]`'s exports of product `products[i]`, in USD. */
export interface YearExports {
  countries: Int32Array;
  products: Int32Array;
  values: Float64Array;
}

/** The two filters, in USD, each judged on the whole unfiltered year. */
export interface Thresholds {
  /** A country whose exports of every product add up to less is left out. */
  minCountryExports: number;
  /** A product whose exports by every exporter add up to less is left out. */
  minProductTrade: number;
}

/** The measures of the kept countries (ids ascending) and products (codes ascending). */
export interface Complexity {
  countries: Int32Array;
  products: Int32Array;
  /** Per country: ECI, COI, diversity k_c and exports x_c over the kept products. */
  eci: Float64Array;
  coi: Float64Array;
  diversity: Int32Array;
  exports: Float64Array;
  /** Per product: PCI, ubiquity k_p and world exports x_p over the kept countries. */
  pci: Float64Array;
  ubiquity: Int32Array;
  worldExports: Float64Array;
  /** Country × product (row-major, `c * products.length + p`): x_cp, M_cp, density and COG. */
  value: Float64Array;
  m: Uint8Array;
  density: Float64Array;
  cog: Float64Array;
}

/**
 * The measures of a year's exports, or undefined when fewer than two countries or
 * products are kept or ECI does not vary (σ = 0).
 */
export function computeComplexity(year: YearExports, thresholds: Thresholds): Complexity | undefined {
  const kept = keptMatrix(year, thresholds);
  if (!kept) return undefined;
  const { countries, products, value } = kept;
  const nc = countries.length;
  const np = products.length;
  const exports = new Float64Array(nc);
  const worldExports = new Float64Array(np);
  let total = 0;
  for (let c = 0; c < nc; c++)
    for (let p = 0; p < np; p++) {
      const x = value[c * np + p]!;
      exports[c] = exports[c]! + x;
      worldExports[p] = worldExports[p]! + x;
      total += x;
    }
  // Each kept country has a product with RCA ≥ 1, and each kept product an exporter with it (the shares
  // add up to one on both sides): the `Math.max(1, …)` below only guard against rounding.
  const m = new Uint8Array(nc * np);
  const diversity = new Int32Array(nc);
  const ubiquity = new Int32Array(np);
  for (let c = 0; c < nc; c++)
    for (let p = 0; p < np; p++)
      if (value[c * np + p]! / exports[c]! / (worldExports[p]! / total) >= 1) {
        m[c * np + p] = 1;
        diversity[c] = diversity[c]! + 1;
        ubiquity[p] = ubiquity[p]! + 1;
      }
  const binary = { m, exporters: exportersOf(m, nc, np), nc, np, diversity, ubiquity };
  const ranked = eciAndPci(binary);
  if (!ranked) return undefined;
  const { density, cog, coi } = outlook({ ...binary, u: ranked.u, sigma: ranked.sigma });
  return {
    countries,
    products,
    eci: ranked.eci,
    coi,
    diversity,
    exports,
    pci: ranked.pci,
    ubiquity,
    worldExports,
    value,
    m,
    density,
    cog,
  };
}

/** The kept countries and products and their dense exports matrix; undefined under two of either. */
function keptMatrix(year: YearExports, thresholds: Thresholds) {
  const countryTotal = new Map<number, number>();
  const productTotal = new Map<number, number>();
  const n = year.values.length;
  for (let i = 0; i < n; i++) {
    const x = year.values[i]!;
    countryTotal.set(year.countries[i]!, (countryTotal.get(year.countries[i]!) ?? 0) + x);
    productTotal.set(year.products[i]!, (productTotal.get(year.products[i]!) ?? 0) + x);
  }
  const keep = (totals: Map<number, number>, min: number) =>
    new Set([...totals].filter(([, total]) => total >= min).map(([id]) => id));
  const keptCountries = keep(countryTotal, thresholds.minCountryExports);
  const keptProducts = keep(productTotal, thresholds.minProductTrade);
  // Countries and products with a zero total among the kept ones are dropped.
  const inMatrix = (i: number) =>
    year.values[i]! > 0 && keptCountries.has(year.countries[i]!) && keptProducts.has(year.products[i]!);
  const present = (ids: Int32Array) => {
    const seen = new Set<number>();
    for (let i = 0; i < n; i++) if (inMatrix(i)) seen.add(ids[i]!);
    return Int32Array.from([...seen].sort((a, b) => a - b));
  };
  const countries = present(year.countries);
  const products = present(year.products);
  if (countries.length < 2 || products.length < 2) return undefined;
  const row = new Map(Array.from(countries, (id, i) => [id, i]));
  const column = new Map(Array.from(products, (code, i) => [code, i]));
  const np = products.length;
  const value = new Float64Array(countries.length * np);
  for (let i = 0; i < n; i++)
    if (inMatrix(i)) {
      const at = row.get(year.countries[i]!)! * np + column.get(year.products[i]!)!;
      value[at] = value[at]! + year.values[i]!;
    }
  return { countries, products, value };
}

interface Binary {
  m: Uint8Array;
  /** For each product, the countries with M_cp = 1. */
  exporters: number[][];
  nc: number;
  np: number;
  diversity: Int32Array;
  ubiquity: Int32Array;
}

/**
 * ECI and PCI. The eigenvector w of Mcc = diag(1/k_c) M diag(1/k_p) Mᵀ for its
 * second-largest eigenvalue comes from the symmetric matrix diag(k_c)^½ Mcc
 * diag(k_c)^-½ it is similar to; v = diag(1/k_p) Mᵀ w is then Mpp's, and K is
 * recomputed from v. Returns u = s·v and σ for the outlook measures.
 */
function eciAndPci({ m, exporters, nc, np, diversity, ubiquity }: Binary) {
  const s = new Float64Array(nc * nc);
  for (let p = 0; p < np; p++) {
    const list = exporters[p]!;
    const share = 1 / Math.max(1, ubiquity[p]!);
    for (const a of list) for (const b of list) s[a * nc + b] = s[a * nc + b]! + share;
  }
  for (let a = 0; a < nc; a++)
    for (let b = 0; b < nc; b++) s[a * nc + b] = s[a * nc + b]! / Math.sqrt(Math.max(1, diversity[a]! * diversity[b]!));
  const { vectors } = symmetricEigen(s, nc);
  const y = vectors[nc - 2]!;
  const w = Float64Array.from(y, (yc, c) => yc / Math.sqrt(Math.max(1, diversity[c]!)));
  const v = new Float64Array(np);
  for (let p = 0; p < np; p++) {
    let sum = 0;
    for (const c of exporters[p]!) sum += w[c]!;
    v[p] = sum / Math.max(1, ubiquity[p]!);
  }
  const k = new Float64Array(nc);
  for (let c = 0; c < nc; c++) {
    let sum = 0;
    for (let p = 0; p < np; p++) if (m[c * np + p]) sum += v[p]!;
    k[c] = sum / Math.max(1, diversity[c]!);
  }
  const sign = covariance(Float64Array.from(diversity), k) < 0 ? -1 : 1;
  for (let c = 0; c < nc; c++) k[c] = sign * k[c]!;
  const u = Float64Array.from(v, (x) => sign * x);
  const { mean, deviation } = moments(k);
  if (!(deviation > 0)) return undefined;
  return {
    eci: Float64Array.from(k, (x) => (x - mean) / deviation),
    pci: Float64Array.from(u, (x) => (x - mean) / deviation),
    u,
    sigma: deviation,
  };
}

/**
 * Proximity φ = C / max(k_p, k_p′) with C = MᵀM, one row at a time (never the whole
 * products × products matrix); density d_cp = Σ_p′ M_cp′ φ_pp′ / Σ_p′ φ_pp′;
 * COG_cp = (1 − M_cp) Σ_p′ (1 − M_cp′) φ_pp′ / Σ_p″ φ_p′p″ · u_p′ / σ; COI the z-score
 * of Σ_p d_cp (1 − M_cp) u_p.
 */
function outlook({ m, exporters, nc, np, ubiquity, u, sigma }: Binary & { u: Float64Array; sigma: number }) {
  const rowSum = new Float64Array(np);
  // By country Σ_p′ M_cp′ φ_pp′ and Σ_p′ M_cp′ φ_pp′ w_p′; over all Σ_p′ φ_pp′ w_p′;
  // with w_p′ = u_p′ / (σ Σ_p″ φ_p′p″).
  const near = new Float64Array(nc * np);
  const gainHeld = new Float64Array(nc * np);
  const gainAll = new Float64Array(np);
  const row = new Float64Array(np);
  for (let q = 0; q < np; q++) {
    row.fill(0);
    for (const c of exporters[q]!) for (let p = 0; p < np; p++) row[p] = row[p]! + m[c * np + p]!;
    let sum = 0;
    for (let p = 0; p < np; p++) {
      row[p] = row[p]! / Math.max(1, ubiquity[q]!, ubiquity[p]!);
      sum += row[p]!;
    }
    rowSum[q] = sum;
    const w = sum > 0 ? u[q]! / (sigma * sum) : 0;
    for (let p = 0; p < np; p++) gainAll[p] = gainAll[p]! + row[p]! * w;
    for (const c of exporters[q]!) {
      const at = c * np;
      for (let p = 0; p < np; p++) {
        near[at + p] = near[at + p]! + row[p]!;
        gainHeld[at + p] = gainHeld[at + p]! + row[p]! * w;
      }
    }
  }
  const density = new Float64Array(nc * np);
  const cog = new Float64Array(nc * np);
  const outlookSum = new Float64Array(nc);
  for (let c = 0; c < nc; c++)
    for (let p = 0; p < np; p++) {
      const i = c * np + p;
      density[i] = rowSum[p]! > 0 ? near[i]! / rowSum[p]! : 0;
      if (m[i]) continue;
      cog[i] = gainAll[p]! - gainHeld[i]!;
      outlookSum[c] = outlookSum[c]! + density[i] * u[p]!;
    }
  const { mean, deviation } = moments(outlookSum);
  const coi = Float64Array.from(outlookSum, (x) => (deviation > 0 ? (x - mean) / deviation : 0));
  return { density, cog, coi };
}

/** For each product, the countries with M_cp = 1. */
function exportersOf(m: Uint8Array, nc: number, np: number): number[][] {
  const exporters: number[][] = Array.from({ length: np }, () => []);
  for (let c = 0; c < nc; c++) for (let p = 0; p < np; p++) if (m[c * np + p]) exporters[p]!.push(c);
  return exporters;
}

/** The mean and the population standard deviation. */
function moments(x: Float64Array): { mean: number; deviation: number } {
  let sum = 0;
  for (const v of x) sum += v;
  const mean = sum / x.length;
  let squares = 0;
  for (const v of x) squares += (v - mean) ** 2;
  return { mean, deviation: Math.sqrt(squares / x.length) };
}

/** Σ (a − ā)(b − b̄): its sign is the Pearson correlation's. */
function covariance(a: Float64Array, b: Float64Array): number {
  const ma = moments(a).mean;
  const mb = moments(b).mean;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - ma) * (b[i]! - mb);
  return sum;
}

/** Proximity of product index `p` to every kept product: C_pp′ / max(k_p, k_p′). */
export function proximityRow(
  cx: Pick<Complexity, 'm' | 'ubiquity' | 'countries' | 'products'>,
  p: number,
): Float64Array {
  const nc = cx.countries.length;
  const np = cx.products.length;
  const row = new Float64Array(np);
  for (let c = 0; c < nc; c++) {
    if (!cx.m[c * np + p]) continue;
    for (let q = 0; q < np; q++) row[q] = row[q]! + cx.m[c * np + q]!;
  }
  for (let q = 0; q < np; q++) row[q] = row[q]! / Math.max(1, cx.ubiquity[p]!, cx.ubiquity[q]!);
  return row;
}
