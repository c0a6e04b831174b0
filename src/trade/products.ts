import { normalizeText } from '../text.js';
import { codeRange, type TradeCatalogue } from './catalogue.js';

// Anchored, no nested quantifier: an HS code prefix of 1 to 6 digits.
const CODE_PREFIX = /^(?:hs:)?(\d{1,6})$/i;

/** Each catalogue's product names, normalised once, in the catalogue's order. */
const normalNames = new WeakMap<TradeCatalogue, string[]>();

function normalNamesOf(catalogue: TradeCatalogue): string[] {
  let names = normalNames.get(catalogue);
  if (!names) normalNames.set(catalogue, (names = catalogue.products.map((p) => normalizeText(p.name))));
  return names;
}

/** Products whose code starts with the digits given, or whose name holds every word. */
export function searchProducts(catalogue: TradeCatalogue, q: string, limit: number) {
  const text = q.trim();
  const code = CODE_PREFIX.exec(text);
  let matches;
  if (code) {
    matches = catalogue.products.filter((p) => p.code.startsWith(code[1]!));
  } else {
    // Every word must occur; text without letters or digits is matched as written.
    const normal = normalizeText(text);
    const words = normal === '' ? [text.toLowerCase()] : normal.split(' ');
    const names = normal === '' ? undefined : normalNamesOf(catalogue);
    matches = catalogue.products.filter((p, i) => {
      const name = names ? names[i]! : p.name.toLowerCase();
      return words.every((w) => name.includes(w));
    });
  }
  return matches.slice(0, limit).map((p) => ({ hs6: p.code, hs_version: p.hs_version, name: p.name }));
}

/** The HS6 codes under a product code of 2, 4 or 6 digits. */
export function productDetail(catalogue: TradeCatalogue, id: string) {
  return {
    id,
    matches: catalogue.productsIn(codeRange(id)).map((m) => ({
      hs6: m.code,
      hs_version: m.hs_version,
      name: m.name,
      chapter: m.code.slice(0, 2),
      heading: m.code.slice(0, 4),
    })),
  };
}
