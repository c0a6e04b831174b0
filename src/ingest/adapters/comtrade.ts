import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tradeCountryList } from '../../trade/reference.js';
import type { BadRow } from '../types.js';
import type { AnnualFlow, MonthlyFlow, TradeBatch } from './baci.js';

interface Declaration {
  exporter: string;
  importer: string;
  hs6: number;
  side: 'exporter' | 'importer';
  value: number;
  qty: number | null;
}

/**
 * UN Comtrade+ API v1 `data` records (`{elapsedTime,count,data,error}`), annual
 * (`freqCode` A, `refMonth` 52) and monthly (M). Each record is a declaration by its
 * reporter: `X` exports (the reporter is the exporter, FOB) and `M` imports (the
 * reporter is the importer, CIF). Monthly records keep both sides (for `method`);
 * annual ones are reconciled as the sample's are: the importer's where it exists.
 * Only HS6 commodity codes are trade of a product: `TOTAL` and 2/4-digit aggregates
 * are reported, not loaded; so are partners that are not countries (`W00` World).
 */
export function readComtrade(files: string[], hsVersion: number): TradeBatch {
  const byIso3 = new Map(tradeCountryList().map((c) => [c.iso3, c.iso2]));
  const badRows: BadRow[] = [];
  const unmapped = new Map<string, number>();
  const miss = (what: string) => unmapped.set(what, (unmapped.get(what) ?? 0) + 1);
  const annual = new Map<string, Declaration & { year: number }>();
  const monthly = new Map<string, MonthlyFlow>();
  for (const file of files) {
    const name = path.basename(file);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(doc?.data)) {
      badRows.push({ file: name, line: 1, reason: 'not a Comtrade+ API v1 response (no data array)' });
      continue;
    }
    (doc.data as Array<Record<string, any>>).forEach((r, i) => {
      const line = i + 1;
      const bad = (reason: string) => badRows.push({ file: name, line, reason });
      const cmd = String(r.cmdCode ?? '');
      if (!/^\d{6}$/.test(cmd)) return miss(`commodity ${cmd} (not an HS6 code)`);
      const reporter = byIso3.get(String(r.reporterISO ?? ''));
      const partner = byIso3.get(String(r.partnerISO ?? ''));
      if (!reporter) return miss(`reporter ${r.reporterISO}`);
      if (!partner) return miss(`partner ${r.partnerISO}`);
      const flow = String(r.flowCode ?? '');
      if (flow !== 'X' && flow !== 'M') return miss(`flow ${flow}`);
      const value = Number(r.primaryValue);
      if (!Number.isFinite(value) || value < 0) return bad(`primaryValue "${r.primaryValue}" is not a USD value`);
      const qty = r.netWgt === null || r.netWgt === undefined || r.netWgt === '' ? null : Number(r.netWgt);
      if (qty !== null && !Number.isFinite(qty)) return bad(`netWgt "${r.netWgt}" is not a weight in kg`);
      const d: Declaration = flow === 'X'
        ? { exporter: reporter, importer: partner, hs6: Number(cmd), side: 'exporter', value, qty }
        : { exporter: partner, importer: reporter, hs6: Number(cmd), side: 'importer', value, qty };
      const year = Number(r.refYear);
      const month = Number(r.refMonth);
      if (r.freqCode === 'A' && month === 52) {
        const key = `${d.exporter}|${d.importer}|${d.hs6}|${year}`;
        const prev = annual.get(key);
        if (!prev || (prev.side === 'exporter' && d.side === 'importer')) annual.set(key, { ...d, year });
      } else if (r.freqCode === 'M' && month >= 1 && month <= 12) {
        const m = (year - 2000) * 12 + month - 1;
        const key = `${d.exporter}|${d.importer}|${d.hs6}|${m}`;
        const row = monthly.get(key) ?? { exporter: d.exporter, importer: d.importer, hs6: d.hs6, month: m, value_exp: null, qty_exp: null, value_imp: null, qty_imp: null };
        if (d.side === 'exporter') Object.assign(row, { value_exp: d.value, qty_exp: d.qty });
        else Object.assign(row, { value_imp: d.value, qty_imp: d.qty });
        monthly.set(key, row);
      } else {
        bad(`period: freqCode "${r.freqCode}" with refMonth ${r.refMonth}`);
      }
    });
  }
  const flows: AnnualFlow[] = [...annual.values()].map((d) => ({ exporter: d.exporter, importer: d.importer, hs6: d.hs6, year: d.year, value: d.value, qty: d.qty }));
  return { flows, monthly: [...monthly.values()], hsVersion, badRows, unmapped };
}
