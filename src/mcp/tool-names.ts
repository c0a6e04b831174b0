import { snakeCase } from '../text.js';

/**
 * Tool names the contract gives (§8), by operationId; every other operation's tool
 * is named by `snakeCase` of its operationId.
 */
export const TOOL_NAMES: Readonly<Record<string, string>> = {
  getTradeSummary: 'trade_summary',
  getCountryPartners: 'country_partners',
  getCountryProducts: 'country_products',
  getCountryAdvantage: 'country_advantage',
  listCountryComplexity: 'country_complexity',
  listProductComplexity: 'product_complexity',
  getCountryOpportunities: 'country_opportunities',
  getProductRelated: 'related_products',
  getProductMarkets: 'product_markets',
  searchProducts: 'find_products',
  searchTradeCountries: 'find_trade_countries',
};

/** The tool name of an operation. */
export function toolNameOf(operationId: string): string {
  return TOOL_NAMES[operationId] ?? snakeCase(operationId);
}
