import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attribute, localName, MAX_XML_DEPTH, SdmxXml, type XmlElements } from './xml-parser.js';

const nothing: XmlElements = { readingText: false, open() {}, close() {}, text() {} };

describe('SDMX-ML parser', () => {
  it('names elements and attributes without their prefix', () => {
    assert.equal(localName('generic:Obs'), 'Obs');
    assert.equal(localName('Obs'), 'Obs');
    assert.equal(attribute({ 'data:structureRef': 'S1' }, 'structureRef'), 'S1');
    assert.equal(attribute({ action: 'Delete' }, 'action'), 'Delete');
    assert.equal(attribute({}, 'action'), undefined);
  });

  it('expands XML entities only, refuses a document type, deep nesting and a tag without end', () => {
    const seen: Array<Record<string, string>> = [];
    const xml = new SdmxXml({ ...nothing, open: (_n, a) => void seen.push({ ...a }) });
    xml.write('<a v="x &amp; &#65; &lt;"/>');
    xml.end();
    assert.deepEqual(seen, [{ v: 'x & A <' }]);
    assert.throws(() => new SdmxXml(nothing).write('<!DOCTYPE a [<!ENTITY e "x">]><a/>'), /document type/);
    assert.throws(() => new SdmxXml(nothing).write('<a>&e;</a>'), /line 1/);
    assert.throws(() => new SdmxXml(nothing).write('<a>'.repeat(MAX_XML_DEPTH + 1)), /nested more than/);
    assert.throws(() => {
      const x = new SdmxXml(nothing);
      x.write('<a v="');
      for (let i = 0; i < 20; i++) x.write('x'.repeat(64 * 1024));
    }, /longer than/);
  });
});
