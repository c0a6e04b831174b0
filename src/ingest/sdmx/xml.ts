import type { SdmxReader, SdmxReadOptions, SdmxSink } from './observation.js';
import { GenericReader } from './xml-generic.js';
import { StreamedXml, XmlReadError, type XmlHandler } from '../xml-stream.js';
import { StructureSpecificReader } from './xml-structure-specific.js';

/** The root elements of the SDMX-ML 2.1 data messages read. */
const ROOTS: Readonly<Record<string, 'generic' | 'structure-specific'>> = {
  GenericData: 'generic',
  GenericTimeSeriesData: 'generic',
  StructureSpecificData: 'structure-specific',
  StructureSpecificTimeSeriesData: 'structure-specific',
};

/**
 * An SDMX-ML 2.1 data message, generic or structure-specific as its root element
 * says, read as it streams. Any other root fails.
 */
export function xmlReader(sink: SdmxSink, options?: SdmxReadOptions): SdmxReader {
  let reader: XmlHandler | undefined;
  const elements: XmlHandler = {
    get readingText() {
      return reader?.readingText ?? false;
    },
    open(name, attributes, line) {
      if (!reader) {
        const form = ROOTS[name];
        if (!form) throw new XmlReadError(`<${name}> is not an SDMX-ML 2.1 data message`);
        reader = form === 'generic' ? new GenericReader(sink) : new StructureSpecificReader(sink, options);
      }
      reader.open(name, attributes, line);
    },
    close(name) {
      reader?.close(name);
    },
    text(text) {
      reader?.text(text);
    },
  };
  const xml = new StreamedXml(elements, 'an SDMX message');
  return { write: (text) => xml.write(text), end: () => xml.end() };
}
