import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { negotiateFormat } from './formats.js';

describe('SDMX format negotiation', () => {
  it('answers generic data by default and for XML in general', () => {
    assert.equal(negotiateFormat(undefined, undefined), 'genericdata');
    assert.equal(negotiateFormat('*/*', undefined), 'genericdata');
    assert.equal(negotiateFormat('application/xml', undefined), 'genericdata');
  });

  it('follows Accept by quality, and format over Accept', () => {
    const accept =
      'application/vnd.sdmx.structurespecificdata+xml;version=2.1;q=0.5, application/vnd.sdmx.data+csv;version=1.0.0';
    assert.equal(negotiateFormat(accept, undefined), 'csvdata');
    assert.equal(negotiateFormat('application/vnd.sdmx.data+json;version=1.0.0', undefined), 'jsondata');
    assert.equal(negotiateFormat(accept, 'jsondata'), 'jsondata');
  });

  it('produces nothing for a format or version it does not write (406)', () => {
    assert.equal(negotiateFormat('application/vnd.sdmx.data+json;version=2.0.0', undefined), undefined);
    assert.equal(negotiateFormat('image/png', undefined), undefined);
    assert.equal(negotiateFormat(undefined, 'edi'), undefined);
    assert.equal(negotiateFormat('application/xml;q=0', undefined), undefined);
  });
});
