import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  MAX_MARKUP_CHARS,
  MAX_TEXT_CHARS,
  XmlError,
  XmlTokenizer,
  attributeOf,
  decodeEntities,
  type XmlHandler,
} from './xml-tokens.js';

/**
 * The tokens of a document fed in `pieces`, as `<name attrs>`, `</name>` and text
 * (adjacent texts joined, blank ones left out).
 */
function tokens(pieces: string[]): string[] {
  const out: string[] = [];
  const handler: XmlHandler = {
    open: (name, attributes) => out.push(`<${name}${attributes.trimEnd()}>`),
    close: (name) => out.push(`</${name}>`),
    text: (text) => {
      const last = out.length - 1;
      if (last >= 0 && out[last]!.startsWith('"')) out[last] = `${out[last]!.slice(0, -1)}${text}"`;
      else out.push(`"${text}"`);
    },
  };
  const t = new XmlTokenizer(handler);
  for (const p of pieces) t.write(p);
  t.end();
  return out.filter((x) => !/^"\s*"$/.test(x));
}

const SHEET =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->' +
  '<x:worksheet xmlns:x="urn:x"><x:sheetData><x:row r="1">' +
  '<x:c r="A1" t="inlineStr"><x:is><x:t>a &amp; b &lt;&#x41;&#66;&gt;</x:t></x:is></x:c>' +
  '<x:c r="B1" t="str"><x:f>IF(A1&gt;0,"x&gt;y",1)</x:f><x:v><![CDATA[<raw> &amp;]]></x:v></x:c>' +
  '<x:c r="C1" s="2"/></x:row></x:sheetData></x:worksheet>';

describe('XML tokens of a streamed document', () => {
  const whole = tokens([SHEET]);

  it('tags by local name with their attribute text, text with entities decoded, character data as written', () => {
    assert.deepEqual(whole, [
      '<worksheet xmlns:x="urn:x">',
      '<sheetData>',
      '<row r="1">',
      '<c r="A1" t="inlineStr">',
      '<is>',
      '<t>',
      '"a & b <AB>"',
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

  it('the same tokens wherever the pieces are cut', () => {
    for (let cut = 1; cut < SHEET.length; cut++) {
      assert.deepEqual(tokens([SHEET.slice(0, cut), SHEET.slice(cut)]), whole, `cut at ${cut}`);
    }
    assert.deepEqual(tokens([...SHEET]), whole, 'one character at a time');
  });

  it('a quoted > belongs to its attribute', () => {
    assert.deepEqual(tokens(['<sheet name="a>b" r:id="rId1"/>']), ['<sheet name="a>b" r:id="rId1">', '</sheet>']);
  });

  it('refuses a document type declaration, a tag without end, a document cut inside a tag', () => {
    assert.throws(() => tokens(['<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>']), XmlError);
    assert.throws(() => tokens(['<c r="', 'x'.repeat(MAX_MARKUP_CHARS), '"/>']), /a tag longer than/);
    assert.throws(() => tokens(['<row><c r="A1"']), /ends inside a tag/);
  });

  it('keeps a text node to its first MAX_TEXT_CHARS characters, however long', () => {
    const long = 'x'.repeat(MAX_TEXT_CHARS * 3);
    const got = tokens(['<t>', long.slice(0, 100_000), long.slice(100_000), '</t>']);
    assert.equal(got[1]!.length, MAX_TEXT_CHARS + 2);
  });
});

describe('attributes and entities', () => {
  it('reads an attribute by name, or by local name under any prefix', () => {
    const attrs = ` name="Q&amp;A" sheetId='3' ns1:id="rId7"`;
    assert.equal(attributeOf(attrs, 'name'), 'Q&A');
    assert.equal(attributeOf(attrs, 'sheetId'), '3');
    assert.equal(attributeOf(attrs, 'id'), undefined);
    assert.equal(attributeOf(attrs, 'id', true), 'rId7');
    assert.equal(attributeOf(' r = "A1" ', 'r'), 'A1');
    assert.equal(attributeOf(' r=A1', 'r'), undefined);
  });

  it('decodes the five entities and character references, keeps others as written', () => {
    assert.equal(decodeEntities('&lt;&gt;&amp;&quot;&apos;&#48;&#x31;&nbsp;&#x110000;'), `<>&"'01&nbsp;&#x110000;`);
  });
});
