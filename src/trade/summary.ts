import type { TradeCatalogue } from './catalogue.js';
import type { AggregateRow } from './annual-sums.js';

const EMPTY = {
  trade_value: null,
  quantity: null,
  growth: null,
  unit_value: null,
  top_partners: [],
  partner_concentration: null,
  periods: [],
};
const TOP_PARTNERS = 10;

/** Growth in % between the last two periods when they are consecutive years, else null. */
function lastGrowth(periods: Array<{ period: string; value_usd: number }>): number | null {
  if (periods.length < 2) return null;
  const [a, b] = periods.slice(-2) as [(typeof periods)[number], (typeof periods)[number]];
  return Number(b.period) === Number(a.period) + 1 && a.value_usd !== 0 ? 100 * (b.value_usd / a.value_usd - 1) : null;
}

/**
 * Totals, growth, unit value (value of the flows with a quantity over that
 * quantity), top partners and the Herfindahl index of partner shares, from annual
 * sums grouped by year and partner.
 */
export function tradeSummary(catalogue: TradeCatalogue, rows: AggregateRow[]) {
  if (rows.length === 0) return EMPTY;
  let total = 0;
  let qty = 0;
  let anyQty = false;
  let valueQ = 0;
  const byYear = new Map<number, number>();
  const byPartner = new Map<number, number>();
  for (const r of rows) {
    total += r.value;
    if (r.qty !== null) {
      qty += r.qty;
      anyQty = true;
      valueQ += r.value_q ?? 0;
    }
    byYear.set(r.year!, (byYear.get(r.year!) ?? 0) + r.value);
    byPartner.set(r.partner!, (byPartner.get(r.partner!) ?? 0) + r.value);
  }
  const periods = [...byYear].sort((a, b) => a[0] - b[0]).map(([y, v]) => ({ period: String(y), value_usd: v }));
  const partners = [...byPartner].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const shares = partners.map(([id, v]) => ({
    partner: catalogue.iso2(id),
    value_usd: v,
    share: total === 0 ? 0 : v / total,
  }));
  return {
    trade_value: total,
    quantity: anyQty ? qty : null,
    growth: lastGrowth(periods),
    unit_value: qty > 0 ? valueQ / qty : null,
    top_partners: shares.slice(0, TOP_PARTNERS),
    partner_concentration: total > 0 ? shares.reduce((s, x) => s + x.share * x.share, 0) : null,
    periods,
  };
}
