import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redactUrl } from './redact.js';

describe('redactUrl', () => {
  it('hides key parameters and credentials, keeps the rest', () => {
    assert.equal(
      redactUrl('https://u:p@api.example.org/fred/series/observations?series_id=GDP&api_key=abc&file_type=json'),
      'https://api.example.org/fred/series/observations?series_id=GDP&api_key=***&file_type=json',
    );
    assert.equal(
      redactUrl('https://x.org/a?TOKEN=1&subscription-key=2'),
      'https://x.org/a?TOKEN=***&subscription-key=***',
    );
    assert.equal(redactUrl('not a url'), 'not a url');
  });
});
