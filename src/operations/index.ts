import type { FastifyInstance } from 'fastify';
import { countries } from './economics/countries.js';
import { history } from './economics/history.js';
import { indicators } from './economics/indicators.js';
import { latest } from './economics/latest.js';
import { search } from './economics/search.js';
import { updates } from './economics/updates.js';
import { vintages } from './economics/vintages.js';
import type { DownloadOperation, Operation } from './operation.js';
import { registerOperation, type ServeContext } from './pipeline/serve.js';
import { country } from './trade/country.js';
import { countryAdvantage } from './trade/country-advantage.js';
import { countries as tradeCountries } from './trade/countries.js';
import { countryExports } from './trade/country-exports.js';
import { countryImports } from './trade/country-imports.js';
import { countryPartners } from './trade/country-partners.js';
import { countryProducts } from './trade/country-products.js';
import { coverage } from './trade/coverage.js';
import { monthly } from './trade/monthly.js';
import { product } from './trade/product.js';
import { productHistory } from './trade/product-history.js';
import { productMarkets } from './trade/product-markets.js';
import { productConcordance } from './trade/product-concordance.js';
import { bulk } from './trade/bulk.js';
import { registerDownload } from './pipeline/serve-download.js';
import { products } from './trade/products.js';
import { summary } from './trade/summary.js';
import { trade } from './trade/trade.js';
import { complexityCountries } from './trade/complexity-countries.js';
import { complexityProducts } from './trade/complexity-products.js';
import { countryOpportunities } from './trade/country-opportunities.js';
import { productRelated } from './trade/product-related.js';

/**
 * Every API operation by its path. Each lives in `operations/<domain>/`, in the file
 * named after its path below `/v1` (or `/v1/trade`).
 */
export const ROUTES: Record<string, Operation | DownloadOperation> = {
  '/v1/countries': countries,
  '/v1/indicators': indicators,
  '/v1/latest': latest,
  '/v1/history': history,
  '/v1/search': search,
  '/v1/updates': updates,
  '/v1/vintages': vintages,
  '/v1/trade': trade,
  '/v1/trade/summary': summary,
  '/v1/trade/monthly': monthly,
  '/v1/trade/coverage': coverage,
  '/v1/trade/products': products,
  '/v1/trade/products/:pid': product,
  '/v1/trade/products/:pid/history': productHistory,
  '/v1/trade/products/:pid/markets': productMarkets,
  '/v1/trade/products/:pid/concordance': productConcordance,
  '/v1/trade/products/:pid/related': productRelated,
  '/v1/trade/countries': tradeCountries,
  '/v1/trade/countries/:cid': country,
  '/v1/trade/countries/:cid/imports': countryImports,
  '/v1/trade/countries/:cid/exports': countryExports,
  '/v1/trade/countries/:cid/partners': countryPartners,
  '/v1/trade/countries/:cid/products': countryProducts,
  '/v1/trade/countries/:cid/advantage': countryAdvantage,
  '/v1/trade/countries/:cid/opportunities': countryOpportunities,
  '/v1/trade/complexity/countries': complexityCountries,
  '/v1/trade/complexity/products': complexityProducts,
  '/v1/trade/bulk': bulk,
};

/** Serves every operation of the route table; a path that disagrees with its operation's URL is a startup error. */
export function registerOperations(app: FastifyInstance, ctx: ServeContext): void {
  for (const [path, operation] of Object.entries(ROUTES)) {
    if (operation.url !== path) throw new Error(`route table lists ${path} for the operation at ${operation.url}`);
    if ('download' in operation) registerDownload(app, operation, ctx);
    else registerOperation(app, operation, ctx);
  }
}
