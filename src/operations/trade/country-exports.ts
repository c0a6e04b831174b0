import { countryFlow } from './country-flow.js';

export const countryExports = countryFlow('/v1/trade/countries/:cid/exports', 'export', 'getCountryExports');
