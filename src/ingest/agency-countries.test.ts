import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Collector } from './collector.js';

describe('country codes of the agencies', () => {
  it('reads UK, EL and the euro area codes as ours by default', () => {
    const c = new Collector();
    assert.deepEqual(
      ['UK', 'el', 'EA20', 'U2', 'XM', 'GB', 'GBR', 'DE'].map((code) => c.country(code)),
      ['GBR', 'GRC', 'EMU', 'EMU', 'EMU', 'GBR', 'GBR', 'DEU'],
    );
  });

  it("puts a source's own map first, and takes no name of Object.prototype for a code", () => {
    const c = new Collector({ UK: 'USA' });
    assert.equal(c.country('UK'), 'USA');
    for (const code of ['constructor', '__proto__', 'toString', 'WLD']) assert.equal(c.country(code), undefined);
  });
});
