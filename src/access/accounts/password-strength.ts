import core from '@zxcvbn-ts/core';
import common from '@zxcvbn-ts/language-common';
import en from '@zxcvbn-ts/language-en';

/**
 * Guessability of a new password by zxcvbn-ts: its dictionaries of common passwords,
 * names and English words, and its patterns (repeats, sequences, keyboard walks,
 * dates, l33t). Score 0–4; below `MIN_SCORE` a password is refused with zxcvbn's
 * reason. Built on first use: the dictionaries take a few MB.
 */
const MIN_SCORE = 3;
/** Characters checked: beyond them a password is long enough, and checking time grows with length. */
const CHECKED_LENGTH = 100;

let checker: InstanceType<typeof core.ZxcvbnFactory> | undefined;

function zxcvbn(): InstanceType<typeof core.ZxcvbnFactory> {
  checker ??= new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return checker;
}

/** Why `password` is too easy to guess, or undefined when it is not. */
export function guessableBecause(password: string): string | undefined {
  const result = zxcvbn().check(password.slice(0, CHECKED_LENGTH));
  if (result.score >= MIN_SCORE) return undefined;
  const warning = result.feedback.warning?.replace(/\.$/, '');
  return warning ? `it is too easy to guess (${warning.toLowerCase()})` : 'it is too easy to guess';
}
