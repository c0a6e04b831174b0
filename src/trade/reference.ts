import { continents, getCountryDataList } from 'countries-list';

/** The 41 reporting countries of the trade sample: the 27 EU members and 14 others. */
export const EU_MEMBERS = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'];
export const OTHER_REPORTERS = ['US', 'CN', 'JP', 'KR', 'IN', 'GB', 'CA', 'MX', 'BR', 'AU', 'CH', 'NO', 'TR', 'ZA'];
export const REPORTERS = [...EU_MEMBERS, ...OTHER_REPORTERS];

export interface TradeCountryRef {
  iso2: string;
  iso3: string;
  name: string;
  region: string;
}

// Not countries of trade: uninhabited, or without a customs record of their own.
const EXCLUDED = new Set(['AQ', 'BV', 'HM', 'GS', 'UM', 'TF', 'XK', 'AC', 'TA', 'IO', 'SJ']);

/** Every ISO 3166 country or territory that trades, with its continent as region. */
export function tradeCountryList(): TradeCountryRef[] {
  return getCountryDataList()
    .filter((c) => !EXCLUDED.has(c.iso2))
    .map((c) => ({ iso2: c.iso2, iso3: c.iso3, name: c.name, region: continents[c.continent] }))
    .sort((a, b) => (a.iso2 < b.iso2 ? -1 : 1));
}

/**
 * Approximate 2023 GDP in billions of USD of the larger economies, the mass of the
 * gravity model that shapes the sample; smaller economies get a default by region.
 */
export const GDP_BN: Record<string, number> = {
  US: 27361, CN: 17795, DE: 4456, JP: 4213, IN: 3550, GB: 3340, FR: 3031, IT: 2255, BR: 2174, CA: 2140,
  RU: 2021, MX: 1789, KR: 1713, AU: 1724, ES: 1581, ID: 1371, TR: 1108, NL: 1118, SA: 1068, CH: 885,
  PL: 811, TW: 756, BE: 632, SE: 585, AR: 641, IE: 545, TH: 515, IL: 513, AT: 516, NO: 485, AE: 504,
  SG: 501, VN: 430, BD: 437, PH: 437, MY: 400, DK: 404, EG: 396, NG: 363, HK: 382, ZA: 377, CO: 364,
  IR: 401, PK: 338, RO: 351, CL: 336, CZ: 330, FI: 300, PT: 287, PE: 267, KZ: 262, NZ: 253, IQ: 250,
  GR: 243, QA: 213, DZ: 240, HU: 212, UA: 179, KW: 162, MA: 141, ET: 164, SK: 132, EC: 118, DO: 121,
  PR: 118, OM: 108, KE: 108, GT: 104, BG: 102, LU: 86, VE: 92, UZ: 90, AO: 85, HR: 82, LT: 77, LK: 84,
  GH: 76, MM: 65, CR: 86, TZ: 79, RS: 75, PA: 83, CI: 79, UY: 77, SI: 69, AZ: 73, BY: 72, CD: 66, JO: 51,
  TN: 48, CM: 49, UG: 49, BH: 44, BO: 46, LV: 43, EE: 41, PY: 43, NP: 41, KH: 31, SV: 34, HN: 34, CY: 32,
  IS: 31, SN: 31, ZM: 28, GE: 30, TT: 28, PG: 31, ZW: 35, MT: 21, MZ: 21, BA: 27, LY: 50, AL: 23, MN: 20,
  AM: 24, JM: 19, NI: 17, BN: 15, MK: 15, NA: 12, BW: 19, MU: 14, MD: 16, LB: 18, GA: 19,
};

const REGION_DEFAULT_BN: Record<string, number> = { Europe: 6, Asia: 12, Africa: 8, 'North America': 4, 'South America': 10, Oceania: 1.5, Antarctica: 0.1 };

export function gdpBn(iso2: string, region: string): number {
  return GDP_BN[iso2] ?? REGION_DEFAULT_BN[region] ?? 5;
}

/**
 * How much more (or less) a country exports, and imports, than its GDP alone says:
 * manufacturing hubs, entrepôts, small open economies. Fitted so that the default
 * sample's totals are in the proportions of reported 2023 goods trade (for countries
 * that do not report in the sample, of their trade with the reporters: about 70 %,
 * 80 % for Saudi Arabia and Russia, whose buyers mostly report).
 */
export const EXPORT_PROPENSITY: Record<string, number> = {
  CN: 1.1, DE: 1.6, NL: 3.7, KR: 2, IT: 1.5, BE: 3.9, MX: 1.9, SG: 4.7, HK: 5.8, TW: 2.5, CH: 2.4, IE: 1.2,
  VN: 4, MY: 3.4, CZ: 3.5, PL: 2.5, AT: 2.3, SK: 4.1, HU: 3.8, SE: 2, AE: 3, SA: 0.91, RU: 0.69, NO: 1.6,
  QA: 1, US: 0.73, JP: 1.1, IN: 0.82, BR: 1.4, GB: 1.2, FR: 1.1, ES: 1.4, AU: 1.6, CA: 2, TR: 1.9, ZA: 2.8,
  TH: 3.6, ID: 1.1, DK: 1.9, FI: 1.7, PT: 2.2, RO: 1.9, GR: 1.5, IL: 0.95, CL: 1.8, KW: 1.7, IQ: 1.2, KZ: 1.1,
  NG: 0.92, AR: 1.2, PH: 1.1, BD: 0.68, SI: 3.8, BG: 3.5, LT: 4.1, LU: 1.8, HR: 2.7, EE: 4.6, LV: 4, CY: 1.6,
  MT: 1.7,
};

export const IMPORT_PROPENSITY: Record<string, number> = {
  US: 0.83, CN: 0.71, DE: 1.1, NL: 2.2, GB: 1.1, FR: 0.88, JP: 0.76, KR: 1.5, HK: 4.5, IN: 0.82, IT: 0.93,
  MX: 1.8, CA: 1.4, BE: 2.3, ES: 0.99, SG: 3.3, PL: 1.4, TW: 2, CH: 1.4, VN: 2.6, AE: 2.8, AU: 1.4, TR: 1.2,
  MY: 2.5, TH: 2.4, BR: 1, RU: 0.76, SA: 1, ID: 0.82, AT: 1.6, CZ: 2.1, SE: 1.1, IE: 1, HU: 2.3, DK: 1.3,
  NO: 1.2, ZA: 2.3, PT: 1.4, RO: 1.4, SK: 2.5, FI: 1.1, GR: 1.4, IL: 0.98, BG: 1.8, HR: 2.1, SI: 2.5, LT: 2.2,
  LV: 2.5, EE: 2.3, LU: 1.3, CY: 1.8, MT: 1.9,
};
