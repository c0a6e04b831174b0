import { SaxesParser } from 'saxes';

/**
 * XML read as it streams, for the readers of workbook parts and SDMX-ML messages:
 * saxes (strict: XML that is not well formed fails) behind the bounds every reader
 * of a file it did not write needs.
 */

/** What a reader is told: elements by local name (`generic:Obs` is `Obs`), and the text it reads. */
export interface XmlHandler {
  /** An element starts at `line`; attributes by their names as written (`r:id`), entities replaced. */
  open(name: string, attributes: Readonly<Record<string, string>>, line: number): void;
  close(name: string): void;
  /** Text (or character data) of an element while `readingText`; one text may come in several calls. */
  text(text: string): void;
  /** Whether the text of the element just opened or returned to is read: the parser keeps no other text. */
  readonly readingText: boolean;
}

/**
 * The characters the parser may read between two of its events, and so the most it
 * holds of a tag and its attributes, a text being read, a comment or an entity's name.
 * No workbook part or SDMX message of any agency comes near (a cell holds at most
 * 32 767 characters; a long series title a few thousand).
 */
export const MAX_HELD_CHARS = 1024 * 1024;
/** Elements open at once (the parser keeps each, with its attributes, until it closes); both nest about ten deep. */
export const MAX_XML_DEPTH = 32;
/** Text is given to the parser in pieces of at most this many characters, each followed by a check of what it holds. */
const PIECE_CHARS = 64 * 1024;
/** XML's own entities: no other is expanded (a document type declaration, which could declare some, is refused). */
const XML_ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML that cannot be read; its message is one line with the position, named by the caller with the file. */
export class XmlReadError extends Error {
  override name = 'XmlReadError';
}

/** An element's or attribute's name without its namespace prefix. */
export const localName = (name: string): string => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * The value of attribute `name` (undefined when the element has none): matched whole
 * (`r:id`), or by its local part when `anyPrefix` (`r:id`, `data:structureRef`).
 */
export function attributeOf(
  attributes: Readonly<Record<string, string>>,
  name: string,
  anyPrefix = false,
): string | undefined {
  if (Object.hasOwn(attributes, name)) return attributes[name];
  if (anyPrefix) for (const key of Object.keys(attributes)) if (key.endsWith(`:${name}`)) return attributes[key];
  return undefined;
}

/**
 * A document parsed as its text is fed in pieces, each piece's tags and text reported
 * as it is parsed. A document type declaration is refused (what it could declare is
 * how entity expansion attacks work) and no entity but XML's five is expanded. Memory
 * is bounded: text is kept only while the handler reads it, what the parser reads
 * between two of its events (a tag, a text read; a comment counts with what follows
 * it) fails past `MAX_HELD_CHARS`, and elements nested deeper than `MAX_XML_DEPTH` fail.
 */
export class StreamedXml {
  private readonly parser = new SaxesParser();
  /** Characters given to the parser, and how far it had read at its last event. */
  private fed = 0;
  private lastEvent = 0;
  private textRead = false;
  private depth = 0;
  private readonly onText = (text: string) => {
    this.lastEvent = this.parser.position;
    this.handler.text(text);
  };

  /** `kind` names the documents read, in the refusal of a document type declaration (`an SDMX message`). */
  constructor(
    private readonly handler: XmlHandler,
    kind: string,
  ) {
    const parser = this.parser;
    parser.ENTITIES = Object.assign(Object.create(null) as Record<string, string>, XML_ENTITIES);
    const mark = () => {
      this.lastEvent = parser.position;
    };
    parser.on('error', (err) => {
      const message = err.message.split('\n')[0] ?? '';
      throw new XmlReadError(message.replace(/^(\d+):(\d+): /, 'line $1, column $2: '));
    });
    parser.on('doctype', () => {
      throw new XmlReadError(`a document type declaration, which ${kind} never holds`);
    });
    parser.on('opentag', (tag) => {
      mark();
      if (++this.depth > MAX_XML_DEPTH) throw new XmlReadError(`elements nested more than ${MAX_XML_DEPTH} deep`);
      handler.open(localName(tag.name), tag.attributes, parser.line);
      this.followText();
    });
    parser.on('closetag', (tag) => {
      mark();
      this.depth--;
      handler.close(localName(tag.name));
      this.followText();
    });
    parser.on('cdata', (data) => {
      mark();
      if (this.textRead) handler.text(data);
    });
    // No more handlers than these six (with `text`): saxes keeps each as a property it
    // adds to the parser, and past seven V8 turns the parser's properties into a
    // dictionary, which makes parsing some five times slower. A comment or a processing
    // instruction is then counted with the tag after it.
  }

  /** Reads the next piece of the document (what the parser holds is checked every `PIECE_CHARS` at most). */
  write(text: string): void {
    for (let at = 0; at < text.length; at += PIECE_CHARS) {
      const piece = text.length <= PIECE_CHARS ? text : text.slice(at, at + PIECE_CHARS);
      this.parser.write(piece);
      this.fed += piece.length;
      if (this.fed - this.lastEvent > MAX_HELD_CHARS)
        throw new XmlReadError(`a tag, text or comment longer than ${MAX_HELD_CHARS} characters`);
    }
  }

  /** The document has ended: it must be whole (its root element closed). */
  end(): void {
    this.parser.close();
  }

  /** Text is handed on (and so kept by the parser until its end) only while the handler reads it. */
  private followText(): void {
    const read = this.handler.readingText;
    if (read === this.textRead) return;
    this.textRead = read;
    if (read) this.parser.on('text', this.onText);
    else this.parser.off('text');
  }
}
