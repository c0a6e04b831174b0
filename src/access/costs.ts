/**
 * Credits a 200 answer of each operation consumes. One table for the whole API:
 * 1 by default; operations that scan or page through many rows cost more.
 */
export const OPERATION_COSTS: Record<string, number> = {
  '/v1/history': 2,
  '/v1/trade': 2,
  '/v1/trade/summary': 2,
  '/v1/trade/monthly': 3,
  '/v1/trade/products/:pid/markets': 2,
};

export const DEFAULT_COST = 1;

export function costOf(routeUrl: string | undefined): number {
  return (routeUrl && OPERATION_COSTS[routeUrl]) || DEFAULT_COST;
}
