/**
 * A streaming tokenizer of XML as office documents write it (the parts of an xlsx
 * workbook): text is fed in pieces of any size, and tags and text come out as they
 * complete, so memory does not grow with the document. It checks only what its
 * readers rely on: a tag, comment or processing instruction longer than
 * `MAX_MARKUP_CHARS` fails, a text node is kept to its first `MAX_TEXT_CHARS`, and a
 * document type declaration (whose entities could expand) is refused. Entities are
 * the five of XML and character references.
 */

/** What the tokenizer reports: `attributes` is the text of a start tag after its name (see `attributeOf`). */
export interface XmlHandler {
  open(name: string, attributes: string): void;
  close(name: string): void;
  text(text: string): void;
}

export const MAX_MARKUP_CHARS = 1024 * 1024;
export const MAX_TEXT_CHARS = 64 * 1024;

/** Thrown for XML the tokenizer does not read; the message is one line. */
export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text with its entities and character references replaced (an unknown one is kept as written). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref] ?? whole;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * The value of attribute `name` in the attribute text of a start tag (entities
 * decoded), undefined when it has none. `name` is matched whole (`r:id`), or by its
 * local part when `anyPrefix` (`r:id`, `ns1:id` for `id`).
 */
export function attributeOf(attributes: string, name: string, anyPrefix = false): string | undefined {
  let at = 0;
  const end = attributes.length;
  while (at < end) {
    while (at < end && isSpace(attributes.charCodeAt(at))) at++;
    const nameStart = at;
    while (at < end && attributes[at] !== '=' && !isSpace(attributes.charCodeAt(at))) at++;
    const key = attributes.slice(nameStart, at);
    while (at < end && isSpace(attributes.charCodeAt(at))) at++;
    if (attributes[at] !== '=') return undefined;
    at++;
    while (at < end && isSpace(attributes.charCodeAt(at))) at++;
    const quote = attributes[at];
    if (quote !== '"' && quote !== "'") return undefined;
    const close = attributes.indexOf(quote, at + 1);
    if (close < 0) return undefined;
    if (key === name || (anyPrefix && key.endsWith(`:${name}`))) return decodeEntities(attributes.slice(at + 1, close));
    at = close + 1;
  }
  return undefined;
}

/** An element's name without its namespace prefix (`x:row` is `row`). */
const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** The index just past the `>` ending the tag that starts at `from` (quotes respected); -1 when it has not come. */
function tagEnd(text: string, from: number): number {
  let quote = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3e) return i + 1;
  }
  return -1;
}

export class XmlTokenizer {
  private pending = '';
  private text = '';
  private textChars = 0;

  constructor(private readonly handler: XmlHandler) {}

  /** Reads the next piece of the document. */
  write(piece: string): void {
    const src = this.pending + piece;
    let at = 0;
    for (;;) {
      const lt = src.indexOf('<', at);
      if (lt < 0) {
        this.addText(src, at, src.length);
        at = src.length;
        break;
      }
      this.addText(src, at, lt);
      const end = this.markupEnd(src, lt);
      if (end < 0) {
        if (src.length - lt > MAX_MARKUP_CHARS) throw new XmlError(`a tag longer than ${MAX_MARKUP_CHARS} characters`);
        at = lt;
        break;
      }
      this.markup(src, lt, end);
      at = end;
    }
    this.pending = src.slice(at);
  }

  /** The document has ended: what is left must not be an unfinished tag. */
  end(): void {
    if (this.pending.trim() !== '') throw new XmlError('the document ends inside a tag');
    this.flushText();
  }

  private addText(src: string, from: number, to: number): void {
    if (to <= from) return;
    const room = MAX_TEXT_CHARS - this.textChars;
    if (room > 0) this.text += src.slice(from, Math.min(to, from + room));
    this.textChars += to - from;
  }

  private flushText(): void {
    if (this.textChars > 0) this.handler.text(decodeEntities(this.text));
    this.text = '';
    this.textChars = 0;
  }

  /** The index just past the markup starting at `lt`, or -1 when it has not come yet. */
  private markupEnd(src: string, lt: number): number {
    const second = src.charCodeAt(lt + 1);
    if (second !== 0x21 && second !== 0x3f) return tagEnd(src, lt + 1); // neither `<!` nor `<?`: a tag
    if (src.startsWith('<!--', lt)) return endOf(src.indexOf('-->', lt + 4), 3);
    if (src.startsWith('<![CDATA[', lt)) return endOf(src.indexOf(']]>', lt + 9), 3);
    if (second === 0x3f) return endOf(src.indexOf('?>', lt + 2), 2);
    if (src.length - lt < 9) return -1; // not yet known to be neither a comment nor character data
    throw new XmlError('a document type declaration, which an office document never holds');
  }

  private markup(src: string, lt: number, end: number): void {
    const second = src.charCodeAt(lt + 1);
    if (second === 0x21 || second === 0x3f) this.special(src, lt, end);
    else this.tag(src, lt, end);
  }

  /** Character data is text (reported apart: it has no entities); comments and processing instructions are skipped. */
  private special(src: string, lt: number, end: number): void {
    if (!src.startsWith('<![CDATA[', lt)) return;
    this.flushText();
    this.handler.text(src.slice(lt + 9, Math.min(end - 3, lt + 9 + MAX_TEXT_CHARS)));
  }

  private tag(src: string, lt: number, end: number): void {
    this.flushText();
    if (src.charCodeAt(lt + 1) === 0x2f) {
      this.handler.close(localName(src.slice(lt + 2, end - 1).trim()));
      return;
    }
    const selfClosing = src[end - 2] === '/';
    const inner = src.slice(lt + 1, selfClosing ? end - 2 : end - 1);
    let nameEnd = 0;
    while (nameEnd < inner.length && !isSpace(inner.charCodeAt(nameEnd))) nameEnd++;
    const name = localName(inner.slice(0, nameEnd));
    if (name === '') throw new XmlError('a tag without a name');
    this.handler.open(name, inner.slice(nameEnd));
    if (selfClosing) this.handler.close(name);
  }
}

const endOf = (found: number, length: number) => (found < 0 ? -1 : found + length);
