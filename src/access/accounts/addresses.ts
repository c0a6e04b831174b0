import type { AccountStore } from './store.js';

/**
 * Look-alike addresses. An address is compared after case folding and NFKC (see
 * `normaliseEmail`: full-width and other compatibility forms become their plain
 * letters). Beyond that, an address whose local part or domain label mixes scripts
 * (a Cyrillic `а` among Latin letters) is refused, and so is one whose letters,
 * read as the Latin ones they look like, spell an existing account's address.
 */

/** Letters of other scripts drawn like Latin ones (after Unicode's confusables), by the Latin letter. */
const LOOK_ALIKES: Record<string, string> = {
  a: 'аɑα',
  b: 'Ьƅ',
  c: 'сϲ',
  d: 'ԁ',
  e: 'еҽ',
  g: 'ɡ',
  h: 'һ',
  i: 'іιɩ',
  j: 'ј',
  k: 'κ',
  l: 'ӏ',
  n: 'ո',
  o: 'оοօ',
  p: 'рρ',
  q: 'ԛ',
  s: 'ѕ',
  u: 'υս',
  v: 'νѵ',
  w: 'ԝ',
  x: 'хχ',
  y: 'уγ',
};
const LATIN_OF = new Map(Object.entries(LOOK_ALIKES).flatMap(([latin, others]) => [...others].map((o) => [o, latin])));

const SCRIPT_PATTERNS = [
  { name: 'Latin', pattern: /\p{Script=Latin}/u },
  { name: 'Cyrillic', pattern: /\p{Script=Cyrillic}/u },
  { name: 'Greek', pattern: /\p{Script=Greek}/u },
  { name: 'Armenian', pattern: /\p{Script=Armenian}/u },
  { name: 'Han', pattern: /\p{Script=Han}/u },
  { name: 'Arabic', pattern: /\p{Script=Arabic}/u },
  { name: 'Hebrew', pattern: /\p{Script=Hebrew}/u },
  { name: 'Hangul', pattern: /\p{Script=Hangul}/u },
  { name: 'Hiragana', pattern: /\p{Script=Hiragana}/u },
  { name: 'Katakana', pattern: /\p{Script=Katakana}/u },
];

/** The scripts of the letters of `text` (digits, dots and other common characters belong to none). */
function scriptsOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const ch of text) {
    const script = SCRIPT_PATTERNS.find((s) => s.pattern.test(ch));
    if (script) found.add(script.name);
    else if (/\p{L}/u.test(ch)) found.add('other');
  }
  return found;
}

/** Whether the local part or a label of the domain mixes letters of several scripts. */
export function mixesScripts(email: string): boolean {
  return email.split(/[@.]/).some((part) => scriptsOf(part).size > 1);
}

/** The address read with every look-alike letter as the Latin one it looks like. */
export function skeletonOf(email: string): string {
  return [...email].map((ch) => LATIN_OF.get(ch) ?? ch).join('');
}

/** Why a new (normalised) address is refused as a look-alike, or undefined. */
export async function lookAlikeProblem(email: string, accounts: AccountStore): Promise<string | undefined> {
  if (mixesScripts(email)) return 'the address mixes letters of several alphabets';
  const skeleton = skeletonOf(email);
  if (skeleton !== email && (await accounts.findAccountByEmail(skeleton)))
    return 'the address looks like the address of another account';
  return undefined;
}
