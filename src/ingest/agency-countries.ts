/**
 * Country codes the agencies use where ours differ, read by default by every adapter
 * (a source's own mapping comes first): Eurostat's and the OECD's `UK` and `EL`, and
 * the euro area as Eurostat (`EA`, `EA19`, `EA20`), the ECB (`U2`, `I8`, `I9`) and the
 * BIS (`XM`) write it. Numeric codes (the IMF's former IFS codes) are not guessed: a
 * source that uses them names them in its own `countries` map.
 */
export const AGENCY_COUNTRY_CODES: Readonly<Record<string, string>> = Object.freeze({
  UK: 'GBR',
  EL: 'GRC',
  EA: 'EMU',
  EA11: 'EMU',
  EA12: 'EMU',
  EA13: 'EMU',
  EA15: 'EMU',
  EA16: 'EMU',
  EA17: 'EMU',
  EA18: 'EMU',
  EA19: 'EMU',
  EA20: 'EMU',
  EZ: 'EMU',
  U2: 'EMU',
  I8: 'EMU',
  I9: 'EMU',
  XM: 'EMU',
});
