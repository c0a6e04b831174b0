/**
 * Text matching shared by the search operations of both domains, and the slugs of
 * names in URLs.
 */

/** Lower case, accents removed, separators (`-`, `_`, `.`, `,`) read as spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[-_.,/()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A name as a URL slug: lower case ASCII letters and digits, accents removed, runs of anything else as one `-`. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** `text` without the slashes it ends with (a base URL before a path is added); linear, no pattern. */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}

const isUpper = (c: string | undefined) => c !== undefined && c >= 'A' && c <= 'Z';
const isLower = (c: string | undefined) => c !== undefined && c >= 'a' && c <= 'z';
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/**
 * A camelCase name in snake_case: `getLatest` → `get_latest`; a run of capitals is one
 * word (`getHSVersion` → `get_hs_version`). One pass over the name.
 */
export function snakeCase(camel: string): string {
  let out = '';
  for (let i = 0; i < camel.length; i++) {
    const [before, c, next] = [camel[i - 1], camel[i]!, camel[i + 1]];
    const wordStart = isLower(before) || isDigit(before) || (isUpper(before) && isLower(next));
    if (isUpper(c) && wordStart) out += '_';
    out += c;
  }
  return out.toLowerCase();
}
