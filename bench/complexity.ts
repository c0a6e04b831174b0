/**
 * Economic complexity answer times (CONTRACT §4), part of `npm run bench`: for HS4 and
 * HS6, each operation's first answer (its year computed: each operation asks with
 * thresholds of its own, so none finds another's year), the same request again (the
 * answer cache), and another request of the same year (a `limit` of its own: the year
 * kept computed, the answer made anew). One request at a time; the server's RSS before
 * and after when `pid` names it.
 */
import { printLoad, rssMb } from './machine.js';

type Get = (path: string) => Promise<unknown>;

async function timed(get: Get, path: string): Promise<number> {
  const t = performance.now();
  await get(path);
  return Math.round((performance.now() - t) * 10) / 10;
}

export async function benchComplexity(get: Get, opts: { cid: string; pid4: string; pid6: string; pid?: number }) {
  printLoad('before the complexity answers');
  const before = opts.pid ? rssMb(opts.pid) : undefined;
  const rows: Array<Record<string, string | number>> = [];
  for (const level of ['hs4', 'hs6'] as const) {
    const pid = level === 'hs4' ? opts.pid4 : opts.pid6;
    const operations = [
      '/v1/trade/complexity/countries',
      '/v1/trade/complexity/products',
      `/v1/trade/countries/${opts.cid}/opportunities`,
      `/v1/trade/products/${pid}/related`,
    ];
    for (const [k, operation] of operations.entries()) {
      // A threshold of its own (a dollar apart): the first answer computes the year.
      const q = `level=${level}&min_product_trade=${500_000_000 + k}`;
      const first = await timed(get, `${operation}?${q}`);
      const repeated = await timed(get, `${operation}?${q}`);
      const sameYear = await timed(get, `${operation}?${q}&limit=17`);
      rows.push({ level, operation, first_ms: first, repeated_ms: repeated, same_year_ms: sameYear });
    }
  }
  console.table(rows);
  if (before !== undefined) {
    const after = rssMb(opts.pid!);
    console.log(`server RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after the 8 years computed`);
  }
  printLoad('after the complexity answers');
}
