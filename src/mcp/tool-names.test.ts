import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toolNameOf } from './tool-names.js';

test('the contract names win over the default', () => {
  assert.equal(toolNameOf('getTradeSummary'), 'trade_summary');
  assert.equal(toolNameOf('searchTradeCountries'), 'find_trade_countries');
  assert.equal(toolNameOf('getHistory'), 'get_history');
});
