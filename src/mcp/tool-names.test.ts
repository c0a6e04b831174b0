import assert from 'node:assert/strict';
import { test } from 'node:test';
import { snakeCase, toolNameOf } from './tool-names.js';

test('snakeCase splits camelCase words, a run of capitals being one word', () => {
  assert.equal(snakeCase('getLatest'), 'get_latest');
  assert.equal(snakeCase('search'), 'search');
  assert.equal(snakeCase('listTradeMonthly'), 'list_trade_monthly');
  assert.equal(snakeCase('getHSVersion'), 'get_hs_version');
  assert.equal(snakeCase('getV2Data'), 'get_v2_data');
});

test('the contract names win over the default', () => {
  assert.equal(toolNameOf('getTradeSummary'), 'trade_summary');
  assert.equal(toolNameOf('searchTradeCountries'), 'find_trade_countries');
  assert.equal(toolNameOf('getHistory'), 'get_history');
});
