/**
 * What countries export and import, as the generated trade sample should show it:
 * the share (percent) of a country's goods exports or imports in an HS chapter
 * (`'84'`) or a range of chapters (`'61-63'`), rounded from 2019–2023 averages of
 * reported trade. Chapters a row does not name share the rest of 100 % in proportion
 * to their world trade. Countries without a row of their own take a profile: the
 * one named in `PROFILE_OF`, else the one of their region, else the world basket.
 *
 * The sample multiplies the gravity between two countries by the exporter's share
 * of a chapter over the world share (its revealed comparative advantage) and by the
 * importer's likewise, so totals stay those of the gravity model and the chapters
 * within them follow these shares.
 */
export type ChapterShares = Readonly<Record<string, number>>;

export interface TradeShares {
  exports?: ChapterShares;
  imports?: ChapterShares;
}

/** The main traders, each reporter of the sample among them. */
export const COUNTRY_SHARES: Readonly<Record<string, TradeShares>> = {
  // Reporters outside the EU.
  US: {
    exports: { 27: 16, 84: 10.5, 85: 9, 87: 6.5, 88: 5.5, 90: 5, 30: 4.5, 71: 4, 39: 4, 38: 2.2, 29: 2, 12: 1.6, 10: 1.3, '02': 1.3, '08': 1, 23: 0.8, 72: 0.7, 74: 0.5, 94: 0.5, 95: 0.4, 26: 0.4, '61-63': 0.3, 64: 0.05 },
    imports: { 85: 14, 84: 14, 87: 11, 27: 7, 30: 6, '61-63': 3.6, 90: 3.5, 71: 3, 94: 2.5, 39: 2.5, 95: 1.7, 88: 1.5, 64: 1.1, '02': 0.7, 10: 0.4, 12: 0.2, 26: 0.15 },
  },
  CN: {
    exports: { 85: 26, 84: 16, '61-63': 6, 87: 5, 39: 4, 73: 3.3, 94: 3.3, 72: 2.6, 95: 2.6, 90: 2.5, 29: 2, 64: 1.6, 27: 1.5, 76: 1.3, 40: 1.1, 42: 1, 71: 0.6, 30: 0.5, '09': 0.1, 88: 0.1, 26: 0.05, 12: 0.05, 10: 0.05, '02': 0.05 },
    imports: { 85: 25, 27: 21, 26: 10, 84: 8, 90: 3.5, 29: 3, 39: 3, 74: 3, 12: 2.5, 71: 2.5, 87: 1.8, 30: 1.5, '02': 1, 47: 1, 44: 0.8, 10: 0.8, '61-63': 0.4, 95: 0.2, 64: 0.2, 94: 0.1 },
  },
  JP: {
    exports: { 87: 20, 84: 19, 85: 15, 90: 5.5, 72: 4.5, 39: 4, 29: 2.5, 71: 2.5, 38: 2.5, 89: 2, 27: 1.5, 30: 1.2, '61-63': 0.3, 26: 0.05, 12: 0.03, 10: 0.03 },
    imports: { 27: 25, 85: 13, 84: 8, 30: 5, '61-63': 3.5, 26: 3, 90: 3, 87: 2.5, '03': 2, '02': 1.5, 10: 1, 12: 0.7, 71: 1 },
  },
  KR: {
    exports: { 85: 30, 87: 13, 84: 11, 27: 8, 39: 6, 72: 5, 29: 4, 89: 4, 90: 3, 26: 0.05, 12: 0.02, 10: 0.02 },
    imports: { 27: 24, 85: 20, 84: 9, 26: 4, 87: 3, 90: 3, 71: 2, 12: 0.5 },
  },
  IN: {
    exports: { 27: 18, 71: 10, '61-63': 7, 85: 7, 30: 6, 84: 6, 29: 5, 87: 4, 10: 3.5, 72: 3.5, '03': 2, 52: 2, 26: 1, '09': 1, 12: 0.5 },
    imports: { 27: 32, 71: 15, 85: 11, 84: 7, 29: 4, 15: 3, 39: 3, 26: 2, 31: 2, 87: 0.8 },
  },
  GB: {
    exports: { 84: 13, 71: 12, 87: 10, 27: 10, 30: 7, 85: 6, 88: 4, 90: 4, 22: 2.5, 29: 2, 10: 0.3, 26: 0.2, 12: 0.1 },
    imports: { 27: 12, 84: 11, 85: 11, 87: 10, 71: 7, 30: 5, '61-63': 3, 94: 1.5, 95: 1, 26: 0.2, 12: 0.3 },
  },
  CA: {
    exports: { 27: 25, 87: 12, 84: 6, 71: 4, 85: 3, 44: 3, 39: 3, 76: 2, 30: 2, 88: 2, 10: 2, 12: 2, 26: 2, 47: 1.5, 48: 1 },
    imports: { 87: 15, 84: 14, 85: 10, 27: 6, 39: 3, 30: 3, 71: 3, 26: 0.5 },
  },
  MX: {
    exports: { 87: 24, 85: 19, 84: 17, 27: 5, 90: 4, '07-08': 3, 94: 2, 71: 2, 39: 2, 22: 1.5, 26: 1 },
    imports: { 85: 20, 84: 15, 27: 9, 87: 7, 39: 6, 90: 3, 10: 2, 12: 1.5, 71: 1, 26: 0.3 },
  },
  BR: {
    exports: { 12: 16, 26: 13, 27: 13, '02': 7, 17: 5, 72: 4, 23: 3, 10: 3, 87: 3, 84: 3, '09': 2.5, 47: 2.5, 85: 1 },
    imports: { 27: 15, 85: 13, 84: 12, 31: 10, 29: 6, 30: 5, 87: 5, 38: 3, 71: 0.5, 26: 0.3 },
  },
  AU: {
    exports: { 27: 33, 26: 30, 71: 6, '02': 3, 10: 3, 28: 2, 76: 1, 84: 1, 85: 1, 12: 1 },
    imports: { 27: 14, 87: 13, 84: 13, 85: 11, 30: 4, 71: 2, 26: 0.2 },
  },
  CH: {
    exports: { 30: 30, 71: 25, 84: 6, 91: 6, 90: 6, 29: 5, 85: 3, 38: 2, 33: 1.5, 27: 0.5, 26: 0.05, 12: 0.02 },
    imports: { 71: 35, 30: 15, 84: 6, 87: 5, 85: 5, 27: 3, 26: 0.1 },
  },
  NO: {
    exports: { 27: 65, '03': 8, 76: 4, 84: 3, 75: 2, 85: 2 },
    imports: { 84: 12, 87: 10, 85: 10, 27: 4, 26: 4, 30: 3, 71: 1 },
  },
  TR: {
    exports: { 87: 12, '61-63': 11, 84: 8, 72: 6, 71: 5, 27: 5, 85: 5, 39: 4, '08': 2.5 },
    imports: { 27: 20, 71: 10, 84: 10, 85: 8, 72: 7, 87: 6, 39: 6, 26: 2, 12: 1.5 },
  },
  ZA: {
    exports: { 71: 25, 26: 15, 27: 11, 87: 11, 72: 8, '08': 5, 84: 4, 22: 1 },
    imports: { 27: 20, 84: 12, 85: 11, 87: 6, 30: 3, 10: 2, 71: 1, 26: 0.3 },
  },
  // EU reporters.
  DE: {
    exports: { 87: 16, 84: 15, 85: 11, 30: 7, 90: 4.5, 39: 4, 88: 2.5, 27: 2.5, 73: 2.5, 29: 2, 38: 2, 72: 2, '61-63': 1.2, 71: 1, 94: 1, '02': 0.8, 10: 0.3, 26: 0.1, 12: 0.1 },
    imports: { 84: 13, 85: 13, 87: 10, 27: 9, 30: 6, 39: 3.5, 90: 3, '61-63': 3, 29: 2, 94: 1.5, 71: 1, 95: 1, 26: 0.7, 12: 0.8 },
  },
  FR: {
    exports: { 88: 10, 84: 10, 87: 8, 85: 7, 30: 6.5, 27: 4, 33: 4, 22: 3.5, 39: 3, 42: 3, 71: 3, 90: 2.5, 10: 2, '04': 1.2, 26: 0.1 },
    imports: { 27: 12, 84: 11, 85: 10, 87: 9, 30: 5, 39: 3, 88: 3, '61-63': 3, 71: 2, 26: 0.5, 12: 0.5 },
  },
  IT: {
    exports: { 84: 18, 30: 8, 87: 7.5, 85: 6, 27: 4, 39: 3.5, 73: 3, 71: 3, 62: 2.5, 42: 2.5, 94: 2.5, 64: 2.3, 22: 2, 61: 1.3, 26: 0.1, 12: 0.1 },
    imports: { 27: 14, 84: 8, 87: 8, 85: 7, 30: 7, 29: 4, 72: 4, 71: 2, 26: 1, 12: 0.5 },
  },
  ES: {
    exports: { 87: 14, 27: 7, 84: 6, '08': 5, 85: 4.5, 30: 4.5, '02': 4, 39: 4, '07': 3.5, '61-62': 3.5, 15: 2, 22: 1.5, 26: 0.2 },
    imports: { 27: 18, 87: 9, 84: 9, 85: 9, 30: 5, '61-63': 5, '03': 2.5, 71: 1, 26: 0.5, 12: 1 },
  },
  NL: {
    exports: { 27: 17, 84: 14, 85: 11, 30: 5, 90: 5, 39: 4, 87: 4, 29: 3, '07-08': 2.5, '06': 1.5, '02': 1.5, '04': 1.5, 26: 0.3 },
    imports: { 27: 18, 85: 13, 84: 12, 87: 6, 30: 4, 71: 1, 26: 1, 12: 1.5 },
  },
  BE: {
    exports: { 30: 15, 27: 10, 87: 9, 29: 7, 84: 7, 39: 6, 71: 4, 85: 4 },
    imports: { 27: 14, 30: 10, 87: 10, 84: 7, 29: 6, 85: 5, 71: 4, 39: 4, 26: 1 },
  },
  PL: {
    exports: { 85: 12, 84: 11, 87: 11, 94: 5, 39: 5, '02': 3, 73: 3, 48: 2, 27: 2 },
    imports: { 85: 13, 84: 12, 27: 10, 87: 9, 39: 6, 30: 3, 71: 0.5, 26: 0.5, 12: 0.5 },
  },
  AT: { exports: { 84: 16, 87: 10, 85: 9, 30: 7, 72: 4, 39: 4, 73: 3, 44: 3 } },
  SE: { exports: { 84: 15, 87: 12, 85: 10, 27: 7, 30: 6, 48: 4, 44: 4, 72: 4, 26: 3 } },
  DK: { exports: { 30: 20, 84: 10, 85: 7, '02': 4, '03': 4, 27: 3, '04': 2 } },
  FI: { exports: { 84: 12, 48: 10, 27: 10, 72: 8, 85: 7, 47: 6, 44: 4, 75: 2 } },
  IE: { exports: { 30: 35, 29: 25, 90: 8, 84: 6, 85: 5, 33: 5, 88: 4 } },
  CZ: { exports: { 85: 20, 87: 20, 84: 19, 39: 4, 73: 3.5, 94: 2.5 } },
  SK: { exports: { 87: 33, 85: 20, 84: 12, 27: 4 } },
  HU: { exports: { 85: 22, 87: 18, 84: 15, 30: 6 } },
  RO: { exports: { 87: 16, 85: 15, 84: 10, 27: 6, 10: 6, 12: 3, 44: 3 } },
  BG: { exports: { 85: 8, 27: 8, 74: 8, 84: 8, 10: 5, 30: 4, 12: 3 } },
  HR: { exports: { 27: 10, 85: 8, 84: 8, 30: 5, 44: 4 } },
  SI: { exports: { 30: 20, 87: 12, 85: 11, 84: 11 } },
  LT: { exports: { 27: 20, 94: 7, 84: 6, 85: 6, 39: 5, 10: 4 } },
  LV: { exports: { 44: 14, 85: 8, 27: 8, 84: 6, 10: 6, 22: 5 } },
  EE: { exports: { 85: 18, 27: 12, 44: 10, 84: 7, 94: 5 } },
  LU: { exports: { 72: 15, 84: 12, 39: 8, 40: 7, 87: 6 } },
  MT: { exports: { 85: 30, 27: 25, 30: 8, 49: 3 } },
  CY: { exports: { 27: 30, 89: 15, 30: 10, 84: 6 } },
  GR: { exports: { 27: 35, 76: 5, 30: 5, 15: 3, '08': 3, '03': 2 } },
  PT: { exports: { 87: 12, 27: 9, 85: 8, 84: 7, '61-63': 6, 39: 5, 64: 4, 48: 3, 44: 3 } },
  // Partners: the large traders that do not report in the sample.
  RU: {
    exports: { 27: 58, 72: 6, 71: 4, 10: 4, 31: 4, 44: 3, 76: 2, 75: 2, 74: 2, 84: 2, 26: 1.5, 85: 1, 87: 0.5 },
    imports: { 84: 20, 85: 15, 87: 10, 30: 6, 27: 1 },
  },
  SA: {
    exports: { 27: 77, 39: 8, 29: 5, 76: 1.5, 84: 1.5, 31: 1, 28: 1, 87: 0.5 },
    imports: { 84: 14, 85: 11, 87: 10, 71: 5, 27: 3 },
  },
  AE: {
    exports: { 27: 45, 71: 20, 85: 5, 39: 4, 76: 3, 84: 3 },
    imports: { 71: 20, 85: 12, 84: 10, 87: 8, 27: 6 },
  },
  QA: { exports: { 27: 85, 39: 5, 29: 2, 76: 2 } },
  KZ: { exports: { 27: 60, 72: 7, 26: 6, 74: 4, 28: 3 } },
  TW: { exports: { 85: 60, 84: 20, 39: 4, 90: 3 }, imports: { 85: 35, 27: 18, 84: 14 } },
  HK: { exports: { 85: 55, 71: 15, 84: 15, 90: 3 }, imports: { 85: 55, 71: 12, 84: 12 } },
  SG: { exports: { 85: 35, 84: 15, 27: 15, 29: 4, 71: 4, 90: 4, 30: 3 }, imports: { 85: 30, 27: 25, 84: 12, 71: 4 } },
  VN: { exports: { 85: 40, '61-63': 12, 84: 10, 64: 6, 94: 5, '03': 2.5, '09': 1 }, imports: { 85: 35, 84: 10, 27: 7, '50-60': 7, 39: 5 } },
  MY: { exports: { 85: 40, 27: 17, 84: 8, 15: 5, 39: 4, 40: 3 } },
  TH: { exports: { 84: 17, 85: 15, 87: 12, 39: 5, 40: 4, 71: 4, 16: 2, 10: 2 } },
  ID: { exports: { 27: 25, 15: 12, 72: 12, 85: 5, 26: 4, 87: 4, '61-63': 4, 40: 2, 64: 2 } },
  PH: { exports: { 85: 55, 84: 10, 26: 3, '08': 3 } },
  IL: { exports: { 85: 18, 71: 15, 90: 10, 30: 8, 84: 8, 29: 4 } },
  BD: { exports: { '61-63': 85, 64: 3, 42: 2 } },
  KH: { exports: { '61-63': 45, 64: 10, 42: 10, 71: 5, 85: 5 } },
  PK: { exports: { '61-63': 40, 52: 10, 10: 10 } },
  LK: { exports: { '61-63': 45, '09': 12, 40: 7 } },
  CL: { exports: { 26: 33, 74: 25, '08': 8, '03': 7, 47: 3, 28: 3, 22: 2 } },
  PE: { exports: { 26: 45, 71: 15, '08': 10, 74: 5, 27: 5, '03': 3 } },
  AR: { exports: { 23: 15, 10: 12, 12: 8, 87: 8, 15: 7, 27: 6, '02': 5, '03': 2 } },
  CO: { exports: { 27: 40, '09': 8, 71: 6, '06': 5, '08': 4 } },
  EC: { exports: { 27: 30, '03': 25, '08': 15, '06': 3 } },
  NZ: { exports: { '04': 28, '02': 14, 44: 8, '08': 6, 22: 3 } },
  EG: { exports: { 27: 25, 31: 6, '08': 6, 39: 5, 85: 4, 62: 3 } },
  MA: { exports: { 31: 20, 87: 18, 85: 12, '07-08': 8, 28: 5, '03': 5, 62: 4 } },
  UA: { exports: { 10: 25, 15: 15, 72: 12, 26: 8, 12: 6, 23: 4 } },
  CI: { exports: { 18: 40, 27: 10, 40: 8, 71: 7, '08': 5 } },
  GH: { exports: { 71: 40, 18: 20, 27: 20 } },
  ET: { exports: { '09': 35, 12: 15, '06': 8, '07': 5 } },
  KE: { exports: { '09': 25, '06': 12, '08': 6, 27: 5 } },
};

/** Baskets of countries without a row of their own. */
export const PROFILES: Readonly<Record<string, TradeShares>> = {
  /** Oil and gas exporters: crude, gas and refined products, some petrochemicals. */
  fuels: { exports: { 27: 80, 39: 4, 29: 3, 76: 2 }, imports: { 84: 14, 85: 11, 87: 10, 71: 5, 27: 3 } },
  /** Mining economies: ores, refined copper, gold. */
  metals: { exports: { 26: 30, 74: 25, 71: 15, 27: 5, 72: 5 } },
  /** Gold and diamond exporters. */
  precious: { exports: { 71: 70, 26: 10, 27: 5 } },
  /** Garment exporters. */
  apparel: { exports: { '61-63': 60, 64: 8, 42: 5 } },
  /** Tropical agriculture: fruit, coffee, cocoa, fish, sugar, flowers, some garments. */
  tropical: { exports: { '08': 20, '09': 15, 18: 10, '03': 10, '61-63': 10, '06': 5, 17: 5 } },
  /** Temperate agriculture: meat, grain, oilseeds, feed, dairy. */
  agrifood: { exports: { '02': 10, 10: 10, 12: 10, '08': 10, 23: 5, '04': 5, 15: 5 } },
  /** Island economies: fish and fish preparations. */
  islands: { exports: { '03': 40, 16: 15, 27: 10 } },
  /** Africa without a row or profile of its own: fuels, metals, gold and crops. */
  africa: { exports: { 27: 30, 71: 15, 26: 10, 74: 5, 18: 5, '08': 5, '09': 3, '03': 3 } },
};

export const PROFILE_OF: Readonly<Record<string, string>> = {
  KW: 'fuels', IQ: 'fuels', OM: 'fuels', BH: 'fuels', IR: 'fuels', YE: 'fuels', AZ: 'fuels', TM: 'fuels', BN: 'fuels', LY: 'fuels', DZ: 'fuels',
  AO: 'fuels', NG: 'fuels', GA: 'fuels', CG: 'fuels', GQ: 'fuels', TD: 'fuels', SS: 'fuels', TT: 'fuels', VE: 'fuels', GY: 'fuels', TL: 'fuels',
  CD: 'metals', ZM: 'metals', MN: 'metals', GN: 'metals', MR: 'metals', BO: 'metals', NC: 'metals', UZ: 'metals',
  BW: 'precious', ML: 'precious', BF: 'precious', SR: 'precious', NA: 'precious', SL: 'precious', PG: 'precious',
  MM: 'apparel', HT: 'apparel', LS: 'apparel', HN: 'apparel', NI: 'apparel', SV: 'apparel', MG: 'apparel', NP: 'apparel', JO: 'apparel',
  UY: 'agrifood', PY: 'agrifood', BY: 'agrifood', IS: 'islands',
};

export const REGION_PROFILE: Readonly<Record<string, string>> = {
  Africa: 'africa',
  'South America': 'agrifood',
  'North America': 'tropical',
  Oceania: 'islands',
};

/** A typical import basket, for importers without shares of their own. */
export const DEFAULT_IMPORT_SHARES: ChapterShares = {
  27: 14, 85: 13, 84: 11, 87: 7, 30: 4, 39: 3.5, 71: 3, 90: 3, '61-63': 3, 29: 2.5, 72: 2.5, 26: 1.2, 10: 1.2, 94: 1.2, '02': 1, 12: 0.8, 95: 0.8,
};
