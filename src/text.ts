/**
 * Text matching shared by the search operations of both domains.
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
