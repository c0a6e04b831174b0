import { Type } from '@sinclair/typebox';
import { economicsBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { CountrySchema } from './schemas.js';

export const countries = defineOperation({
  url: '/v1/countries',
  operationId: 'listCountries',
  summary: 'Every country and aggregate with data, sorted by country_id',
  returns: 'Every country and aggregate with at least one series, sorted by country_id.',
  tag: 'economics',
  cost: 1,
  body: economicsBody(
    Type.Array(CountrySchema, { description: 'every country and aggregate with a series, by country_id' }),
  ),
  handler: ({ stores }) => ({ data: stores.economics.catalogue.listedCountries }),
});
