/**
 * Tool names the contract gives (§8), by operationId; every other operation's tool
 * is named by `snakeCase` of its operationId.
 */
export const TOOL_NAMES: Readonly<Record<string, string>> = {
  getTradeSummary: 'trade_summary',
  getCountryPartners: 'country_partners',
  getCountryProducts: 'country_products',
  getCountryAdvantage: 'country_advantage',
  getProductMarkets: 'product_markets',
  searchProducts: 'find_products',
  searchTradeCountries: 'find_trade_countries',
};

/** `getLatest` → `get_latest`; a run of capitals is one word (`getHSVersion` → `get_hs_version`). */
export function snakeCase(camel: string): string {
  return camel
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** The tool name of an operation. */
export function toolNameOf(operationId: string): string {
  return TOOL_NAMES[operationId] ?? snakeCase(operationId);
}
