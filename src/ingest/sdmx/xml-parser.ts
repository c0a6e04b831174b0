import { SaxesParser } from 'saxes';

/** What an SDMX-ML reader is told: elements by local name (`generic:Obs` is `Obs`), with their attributes. */
export interface XmlElements {
  /** An element starts at `line`; attributes by their names as written (`xsi:type`), entities replaced. */
  open(name: string, attributes: Readonly<Record<string, string>>, line: number): void;
  close(name: string): void;
  /** Text of the element just opened, while `readingText` (one text may come in pieces). */
  text(text: string): void;
  readonly readingText: boolean;
}

/**
 * The characters the parser may read between two of its events, and so the most it
 * holds of one tag and its attributes, a text or a comment. An SDMX element is a few
 * hundred characters; a long series title a few thousand.
 */
export const MAX_HELD_CHARS = 1024 * 1024;
/** Elements open at once: an SDMX data message nests some six deep. */
export const MAX_XML_DEPTH = 32;
/** Text is given to the parser in pieces of at most this many characters, each followed by a check. */
const PIECE_CHARS = 64 * 1024;
/** XML's own entities: no other is expanded (a document type declaration, which could declare some, is refused). */
const XML_ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML that cannot be read; its message is one line with the position. */
export class SdmxXmlError extends Error {}

/** An element's or attribute's name without its namespace prefix. */
export const localName = (name: string): string => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * An SDMX-ML message parsed by saxes as its text is fed in pieces. The parser is
 * strict (XML that is not well formed fails), refuses a document type declaration
 * and expands no entity but XML's five. Its memory is bounded: text is kept only
 * while the reader reads it, what it reads between two events fails past
 * `MAX_HELD_CHARS`, elements nested past `MAX_XML_DEPTH` fail.
 */
export class SdmxXml {
  private readonly parser = new SaxesParser();
  private fed = 0;
  private lastEvent = 0;
  private textRead = false;
  private depth = 0;
  private readonly onText = (text: string) => {
    this.lastEvent = this.parser.position;
    this.elements.text(text);
  };

  constructor(private readonly elements: XmlElements) {
    const parser = this.parser;
    parser.ENTITIES = Object.assign(Object.create(null) as Record<string, string>, XML_ENTITIES);
    parser.on('error', (err) => {
      const message = err.message.split('\n')[0] ?? '';
      throw new SdmxXmlError(message.replace(/^(\d+):(\d+): /, 'line $1, column $2: '));
    });
    parser.on('doctype', () => {
      throw new SdmxXmlError('a document type declaration, which an SDMX message never holds');
    });
    parser.on('opentag', (tag) => {
      this.lastEvent = parser.position;
      if (++this.depth > MAX_XML_DEPTH) throw new SdmxXmlError(`elements nested more than ${MAX_XML_DEPTH} deep`);
      elements.open(localName(tag.name), tag.attributes, parser.line);
      this.followText();
    });
    parser.on('closetag', (tag) => {
      this.lastEvent = parser.position;
      this.depth--;
      elements.close(localName(tag.name));
      this.followText();
    });
    // Five handlers at most (with `text` while it is read): past seven, V8 turns the
    // parser's properties into a dictionary, and parsing is some five times slower.
  }

  write(text: string): void {
    for (let at = 0; at < text.length; at += PIECE_CHARS) {
      const piece = text.length <= PIECE_CHARS ? text : text.slice(at, at + PIECE_CHARS);
      this.parser.write(piece);
      this.fed += piece.length;
      if (this.fed - this.lastEvent > MAX_HELD_CHARS)
        throw new SdmxXmlError(`a tag, text or comment longer than ${MAX_HELD_CHARS} characters`);
    }
  }

  /** The message has ended: it must be whole. */
  end(): void {
    this.parser.close();
  }

  private followText(): void {
    const read = this.elements.readingText;
    if (read === this.textRead) return;
    this.textRead = read;
    if (read) this.parser.on('text', this.onText);
    else this.parser.off('text');
  }
}

/** The attribute `name` of an element, under any namespace prefix (`action`, `data:structureRef`). */
export function attribute(attributes: Readonly<Record<string, string>>, name: string): string | undefined {
  if (Object.hasOwn(attributes, name)) return attributes[name];
  for (const key of Object.keys(attributes)) if (key.endsWith(`:${name}`)) return attributes[key];
  return undefined;
}

/**
 * What the header of an SDMX-ML data message says that the data sets need: the
 * observation dimension of each structure (`dimensionAtObservation`) and the
 * data sets' action (`DataSetAction`).
 */
export class XmlHeader {
  private readonly atObservation = new Map<string, string>();
  private first: string | undefined;
  action: string | undefined;
  private inAction = false;
  private actionText = '';

  get readingText(): boolean {
    return this.inAction;
  }

  /** Reads a header element; true when it was one. */
  open(name: string, attributes: Readonly<Record<string, string>>): boolean {
    if (name === 'Structure') {
      const at = attribute(attributes, 'dimensionAtObservation');
      if (at !== undefined) {
        this.atObservation.set(attribute(attributes, 'structureID') ?? '', at);
        this.first ??= at;
      }
      return true;
    }
    if (name === 'DataSetAction') {
      this.inAction = true;
      this.actionText = '';
      return true;
    }
    return false;
  }

  close(name: string): void {
    if (name === 'DataSetAction' && this.inAction) {
      this.inAction = false;
      this.action = this.actionText.trim();
    }
  }

  text(text: string): void {
    if (this.inAction && this.actionText.length < 64) this.actionText += text;
  }

  /** The observation dimension of the data set of structure `ref` (`TIME_PERIOD` when the header says none). */
  dimensionAtObservation(ref: string | undefined): string {
    return (ref !== undefined ? this.atObservation.get(ref) : undefined) ?? this.first ?? 'TIME_PERIOD';
  }
}
