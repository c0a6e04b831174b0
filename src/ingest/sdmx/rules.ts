import type { SdmxObservation } from './observation.js';

/** An observation's status in the project's words (§7: `OBS_STATUS` A, P, E). */
export type ObsStatus = 'final' | 'provisional' | 'estimated';

/** What §7 makes of an observation: a value to keep, or why it is left out. */
export type Judgement =
  | { keep: true; value: number; status: ObsStatus }
  | { keep: false; why: 'deleted' | 'forecast' | 'missing' | 'bad'; reason?: string };

const STATUSES: Readonly<Record<string, ObsStatus>> = { A: 'final', P: 'provisional', E: 'estimated' };
/** `OBS_STATUS` codes of values that are not observations: forecasts, missing and not applicable. */
const FORECAST = 'F';
const MISSING = new Set(['M', 'L']);

/** `value` × 10^`mult`, shifted in decimal so that `1.1` at `UNIT_MULT` 3 is exactly 1100. */
export function scaled(value: number, mult: number): number {
  if (mult === 0) return value;
  const text = String(value);
  return text.includes('e') ? value * 10 ** mult : Number(`${text}e${mult}`);
}

/**
 * Applies §7 to an observation: a withdrawn one (`action` delete) is not a value; a
 * forecast (`OBS_STATUS` F) and a missing value (M, L, or no value) are left out; A,
 * P and E (and no status) are kept as final, provisional and estimated; `UNIT_MULT`
 * (a power of ten, -30 to 30) is applied to the value. Any other status is kept as
 * final data with its value.
 */
export function judge(o: SdmxObservation): Judgement {
  if (o.action === 'delete') return { keep: false, why: 'deleted' };
  const code = (o.attributes.OBS_STATUS ?? '').trim().toUpperCase();
  if (code === FORECAST) return { keep: false, why: 'forecast' };
  if (MISSING.has(code) || o.value === null) return { keep: false, why: 'missing' };
  let value = o.value;
  const multText = o.attributes.UNIT_MULT?.trim();
  if (multText) {
    if (!/^-?\d{1,2}$/.test(multText) || Math.abs(Number(multText)) > 30)
      return { keep: false, why: 'bad', reason: `UNIT_MULT "${multText.slice(0, 20)}" is not a power of ten` };
    value = scaled(value, Number(multText));
  }
  return { keep: true, value, status: STATUSES[code] ?? 'final' };
}
