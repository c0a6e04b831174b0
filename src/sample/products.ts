import { DuckDBInstance } from '@duckdb/node-api';
import { HS_CHAPTERS, HS_HEADINGS, HS_PRODUCTS, type HsProduct } from '../reference/hs.js';
import { Random } from './random.js';
import { readRows, textOf } from '../store/rows.js';

/**
 * Every HS6 code of a nomenclature CSV (`section,hscode,description,parent,level`).
 * Codes of the bundled list keep their trade size and unit value; the others get
 * their chapter's average size per code and median unit value, with seeded noise.
 */
export async function nomenclatureProducts(file: string, seed: number): Promise<HsProduct[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    const reader = await conn.runAndReadAll(
      `SELECT CAST(hscode AS VARCHAR) AS code, description, CAST(level AS INTEGER) AS level
       FROM read_csv($1, header = true, all_varchar = true) WHERE level IN ('2', '4', '6')`,
      [file],
    );
    // A code or description left empty reads as NULL: such a row names nothing.
    const rows = readRows(reader, ['code', 'description', 'level']).map((r) => ({
      code: typeof r.code === 'string' ? r.code : '',
      description: typeof r.description === 'string' ? r.description : null,
      level: Number(r.level),
    }));
    const names = new Map(rows.map((r) => [r.code, r.description]));
    const bundled = new Map(HS_PRODUCTS.map((p) => [p.hs6, p]));
    const byChapter = new Map<string, HsProduct[]>();
    for (const p of bundled.values())
      byChapter.set(p.hs6.slice(0, 2), [...(byChapter.get(p.hs6.slice(0, 2)) ?? []), p]);
    const codesPerChapter = new Map<string, number>();
    for (const r of rows)
      if (r.level === 6) codesPerChapter.set(r.code.slice(0, 2), (codesPerChapter.get(r.code.slice(0, 2)) ?? 0) + 1);
    return rows
      .filter((r) => r.level === 6 && /^\d{6}$/.test(r.code))
      .map((r) => {
        const known = bundled.get(r.code);
        const chapter = r.code.slice(0, 2);
        const base = {
          hs6: r.code,
          name: textOf(r.description, `the description of HS code ${r.code}`),
          chapterName: names.get(chapter) ?? HS_CHAPTERS[chapter] ?? chapter,
          headingName: names.get(r.code.slice(0, 4)) ?? HS_HEADINGS[r.code.slice(0, 4)] ?? r.code.slice(0, 4),
        };
        if (known) return { ...base, worldTradeBn: known.worldTradeBn, unitValue: known.unitValue };
        const peers = byChapter.get(chapter) ?? [...bundled.values()];
        const rng = Random.for(seed, 'hs', r.code);
        const chapterTrade = peers.reduce((s, p) => s + p.worldTradeBn, 0) * 2;
        const unit = [...peers.map((p) => p.unitValue)].sort((a, b) => a - b)[Math.floor(peers.length / 2)]!;
        return {
          ...base,
          worldTradeBn: (chapterTrade / (codesPerChapter.get(chapter) ?? 1)) * Math.exp(1.2 * rng.normal()),
          unitValue: unit * Math.exp(0.5 * rng.normal()),
        };
      });
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
