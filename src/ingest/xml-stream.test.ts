import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_HELD_CHARS, MAX_XML_DEPTH, StreamedXml, attributeOf, localName, type XmlHandler } from './xml-stream.js';

/**
 * What `StreamedXml` reports of a document fed in `pieces`, as `<name attr="value">`,
 * `</name>` and text (adjacent texts joined, blank ones left out), every text read.
 */
function events(pieces: string[]): string[] {
  const out: string[] = [];
  const handler: XmlHandler = {
    readingText: true,
    open: (name, attributes) =>
      out.push(`<${[name, ...Object.entries(attributes).map(([k, v]) => `${k}="${v}"`)].join(' ')}>`),
    close: (name) => out.push(`</${name}>`),
    text: (text) => {
      const last = out.length - 1;
      if (last >= 0 && out[last]!.startsWith('"')) out[last] = `${out[last]!.slice(0, -1)}${text}"`;
      else out.push(`"${text}"`);
    },
  };
  const xml = new StreamedXml(handler, 'an office document');
  for (const p of pieces) xml.write(p);
  xml.end();
  return out.filter((x) => !/^"\s*"$/.test(x));
}

const SHEET =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->' +
  '<x:worksheet xmlns:x="urn:x"><x:sheetData><x:row r="1">' +
  '<x:c r="A1" t="inlineStr"><x:is><x:t>a &amp; b &lt;&#x41;&#66;&gt; Ž€😀</x:t></x:is></x:c>' +
  '<x:c r="B1" t="str"><x:f>IF(A1&gt;0,"x&gt;y",1)</x:f><x:v><![CDATA[<raw> &amp;]]></x:v></x:c>' +
  '<?pi skipped?><x:c r="C1" s="2"/></x:row></x:sheetData></x:worksheet>';

describe('the XML of a part, parsed as it streams', () => {
  const whole = events([SHEET]);

  it('elements by local name with their attributes, text with entities replaced, character data as written', () => {
    assert.deepEqual(whole, [
      '<worksheet xmlns:x="urn:x">',
      '<sheetData>',
      '<row r="1">',
      '<c r="A1" t="inlineStr">',
      '<is>',
      '<t>',
      '"a & b <AB> Ž€😀"',
      '</t>',
      '</is>',
      '</c>',
      '<c r="B1" t="str">',
      '<f>',
      '"IF(A1>0,"x>y",1)"',
      '</f>',
      '<v>',
      '"<raw> &amp;"',
      '</v>',
      '</c>',
      '<c r="C1" s="2">',
      '</c>',
      '</row>',
      '</sheetData>',
      '</worksheet>',
    ]);
  });

  it('the same wherever the pieces are cut (a character of two code units too)', () => {
    for (let cut = 1; cut < SHEET.length; cut++) {
      assert.deepEqual(events([SHEET.slice(0, cut), SHEET.slice(cut)]), whole, `cut at ${cut}`);
    }
    assert.deepEqual(events(SHEET.split('')), whole, 'one code unit at a time');
  });

  it("a quoted > belongs to its attribute; XML's five entities and character references, no other", () => {
    assert.deepEqual(events([`<sheet name="a>b" r:id='rId1' q="&lt;&gt;&amp;&quot;&apos;&#48;&#x31;"/>`]), [
      `<sheet name="a>b" r:id="rId1" q="<>&"'01">`,
      '</sheet>',
    ]);
    for (const entity of ['&nbsp;', '&constructor;', '&toString;'])
      assert.throws(() => events([`<t>${entity}</t>`]), /undefined entity/, entity);
    assert.throws(() => events(['<t>&#x110000;</t>']), /malformed character entity/);
  });

  it('refuses a document type declaration, XML that is not well formed, a document cut inside a tag', () => {
    assert.throws(() => events(['<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>']), /a document type declaration/);
    assert.throws(() => events(['<row><c r="A1"></row>']), /^XmlReadError: line 1, column \d+: unexpected close tag/);
    assert.throws(() => events(['<row><c r="A1"']), /^XmlReadError: line 1, column \d+: /);
  });

  it('bounds what the parser holds: a tag, a text read or a comment, and how deep elements nest', () => {
    const long = `longer than ${MAX_HELD_CHARS} characters`;
    assert.throws(() => events(['<c r="', 'x'.repeat(MAX_HELD_CHARS), '"/>']), new RegExp(long));
    assert.throws(() => events(['<t>', 'x'.repeat(MAX_HELD_CHARS + 1), '</t>']), new RegExp(long));
    assert.throws(() => events(['<!--', 'x'.repeat(MAX_HELD_CHARS + 1), '-->']), new RegExp(long));
    assert.throws(() => events(['<!DOCTYPE x [', ' '.repeat(MAX_HELD_CHARS + 1)]), new RegExp(long));
    const deep = (n: number) => ['<a>'.repeat(n), '</a>'.repeat(n)];
    assert.equal(events(deep(MAX_XML_DEPTH)).length, 2 * MAX_XML_DEPTH);
    assert.throws(() => events(deep(MAX_XML_DEPTH + 1)), new RegExp(`nested more than ${MAX_XML_DEPTH} deep`));
  });
});

describe('names and attributes', () => {
  it('takes a name without its prefix, and an attribute whole or, when asked, under any prefix', () => {
    assert.equal(localName('generic:Obs'), 'Obs');
    assert.equal(localName('Obs'), 'Obs');
    assert.equal(attributeOf({ 'data:structureRef': 'S1' }, 'structureRef'), undefined);
    assert.equal(attributeOf({ 'data:structureRef': 'S1' }, 'structureRef', true), 'S1');
    assert.equal(attributeOf({ action: 'Delete' }, 'action'), 'Delete');
    assert.equal(attributeOf({}, 'constructor', true), undefined);
  });
});
