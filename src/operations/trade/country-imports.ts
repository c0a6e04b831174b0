import { countryFlow } from './country-flow.js';

export const countryImports = countryFlow('/v1/trade/countries/:cid/imports', 'import', 'getCountryImports');
