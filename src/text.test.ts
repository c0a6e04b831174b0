import assert from 'node:assert/strict';
import { test } from 'node:test';
import { snakeCase } from './text.js';

test('snakeCase splits camelCase words, a run of capitals being one word', () => {
  assert.equal(snakeCase('getLatest'), 'get_latest');
  assert.equal(snakeCase('search'), 'search');
  assert.equal(snakeCase('listTradeMonthly'), 'list_trade_monthly');
  assert.equal(snakeCase('getHSVersion'), 'get_hs_version');
  assert.equal(snakeCase('getV2Data'), 'get_v2_data');
  assert.equal(snakeCase('getURL'), 'get_url');
  assert.equal(snakeCase('A'), 'a');
});
