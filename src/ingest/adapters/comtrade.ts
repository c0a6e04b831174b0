import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Areas, type AreaRef } from '../areas.js';
import { NotLoaded } from '../report.js';
import type { BadRow } from '../types.js';
import type { AnnualFlow, MonthlyFlow, TradeBatch } from './baci.js';
import { editionOfComtradeCode } from './hs.js';
import { DEFAULT_HS_EDITION } from '../../trade/catalogue.js';

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
 * are reported, not loaded; so are partners that sum others (`W00` World). Areas
 * without an ISO code (490 "Other Asia, nes", Bunkers …) are placed by their numeric
 * code (`mappings/areas.json`). The HS edition is the records' `classificationCode`
 * (one per batch) unless `hsVersion` is given; HS 2022 when the records omit it.
 */
export function readComtrade(files: string[], hsVersion?: number): TradeBatch {
  const areas = Areas.load();
  const badRows: BadRow[] = [];
  const unmapped = new NotLoaded();
  const countries = new Map<string, AreaRef>();
  const editions = new Map<number, number>();
  /** A reporter or partner by ISO3, else by its numeric code; a string when it is an aggregate. */
  const place = (iso: unknown, code: unknown): AreaRef | string | undefined => {
    const n = code === null || code === undefined || code === '' ? NaN : Number(code);
    const aggregate = Number.isInteger(n) ? areas.aggregate(n) : undefined;
    if (aggregate !== undefined || iso === 'W00') return aggregate ?? 'World';
    const ref =
      areas.iso(typeof iso === 'string' ? iso : undefined) ?? (Number.isInteger(n) ? areas.numeric(n) : undefined);
    if (ref && !countries.has(ref.iso2)) countries.set(ref.iso2, ref);
    return ref;
  };
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
      if (!/^\d{6}$/.test(cmd)) return unmapped.add('commodity', cmd, r.cmdDesc);
      const reporterRef = place(r.reporterISO, r.reporterCode);
      const partnerRef = place(r.partnerISO, r.partnerCode);
      if (typeof reporterRef === 'string')
        return unmapped.add('aggregate', String(r.reporterISO ?? r.reporterCode), r.reporterDesc ?? reporterRef);
      if (typeof partnerRef === 'string')
        return unmapped.add('aggregate', String(r.partnerISO ?? r.partnerCode), r.partnerDesc ?? partnerRef);
      if (!reporterRef)
        return bad(
          `reporter ${r.reporterISO ?? ''} (${r.reporterCode ?? 'no code'}${r.reporterDesc ? `, ${r.reporterDesc}` : ''}) is neither an ISO country nor an area of mappings/areas.json`,
        );
      if (!partnerRef)
        return bad(
          `partner ${r.partnerISO ?? ''} (${r.partnerCode ?? 'no code'}${r.partnerDesc ? `, ${r.partnerDesc}` : ''}) is neither an ISO country nor an area of mappings/areas.json`,
        );
      const reporter = reporterRef.iso2;
      const partner = partnerRef.iso2;
      const flow = String(r.flowCode ?? '');
      if (flow !== 'X' && flow !== 'M') return unmapped.add('flow', flow, r.flowDesc);
      const edition = editionOfComtradeCode(r.classificationCode);
      if (edition) editions.set(edition, (editions.get(edition) ?? 0) + 1);
      const value = Number(r.primaryValue);
      if (!Number.isFinite(value) || value < 0) return bad(`primaryValue "${r.primaryValue}" is not a USD value`);
      const qty = r.netWgt === null || r.netWgt === undefined || r.netWgt === '' ? null : Number(r.netWgt);
      if (qty !== null && !Number.isFinite(qty)) return bad(`netWgt "${r.netWgt}" is not a weight in kg`);
      const d: Declaration =
        flow === 'X'
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
        const row = monthly.get(key) ?? {
          exporter: d.exporter,
          importer: d.importer,
          hs6: d.hs6,
          month: m,
          value_exp: null,
          qty_exp: null,
          value_imp: null,
          qty_imp: null,
        };
        if (d.side === 'exporter') Object.assign(row, { value_exp: d.value, qty_exp: d.qty });
        else Object.assign(row, { value_imp: d.value, qty_imp: d.qty });
        monthly.set(key, row);
      } else {
        bad(`period: freqCode "${r.freqCode}" with refMonth ${r.refMonth}`);
      }
    });
  }
  const flows: AnnualFlow[] = [...annual.values()].map((d) => ({
    exporter: d.exporter,
    importer: d.importer,
    hs6: d.hs6,
    year: d.year,
    value: d.value,
    qty: d.qty,
  }));
  // One edition per batch: flows keep the edition they were reported in.
  if (hsVersion === undefined && editions.size > 1) {
    throw new Error(
      `the records are in several HS editions (${[...editions].map(([e, n]) => `HS ${e}: ${n} records`).join(', ')}): load each edition separately`,
    );
  }
  const edition = hsVersion ?? [...editions.keys()][0] ?? DEFAULT_HS_EDITION;
  return { flows, monthly: [...monthly.values()], hsVersion: edition, countries, badRows, unmapped };
}
