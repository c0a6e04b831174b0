import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StreamedXml } from '../xml-stream.js';
import { XmlHeader, attribute } from './xml-header.js';

describe('the header of an SDMX-ML message', () => {
  it('takes an attribute under any prefix', () => {
    assert.equal(attribute({ 'data:structureRef': 'S1' }, 'structureRef'), 'S1');
    assert.equal(attribute({ action: 'Delete' }, 'action'), 'Delete');
    assert.equal(attribute({}, 'action'), undefined);
  });

  it("reads each structure's observation dimension and the data sets' action", () => {
    const header = new XmlHeader();
    const xml = new StreamedXml(
      {
        get readingText() {
          return header.readingText;
        },
        open: (name, attributes) => void header.open(name, attributes),
        close: (name) => header.close(name),
        text: (text) => header.text(text),
      },
      'an SDMX message',
    );
    xml.write(
      '<m:Header><m:Structure structureID="S1" dimensionAtObservation="CURRENCY"/>' +
        '<m:DataSetAction> Delete </m:DataSetAction></m:Header>',
    );
    xml.end();
    assert.equal(header.dimensionAtObservation('S1'), 'CURRENCY');
    assert.equal(header.dimensionAtObservation('other'), 'CURRENCY');
    assert.equal(header.action, 'Delete');
    assert.equal(new XmlHeader().dimensionAtObservation(undefined), 'TIME_PERIOD');
  });

  it('refuses a document type declaration, naming what it reads', () => {
    const nothing = { readingText: false, open() {}, close() {}, text() {} };
    assert.throws(
      () => new StreamedXml(nothing, 'an SDMX message').write('<!DOCTYPE a><a/>'),
      /an SDMX message never holds/,
    );
  });
});
