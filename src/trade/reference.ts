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

/** How much more (or less) a country exports than its GDP alone says: manufacturing hubs and entrepôts. */
export const EXPORT_PROPENSITY: Record<string, number> = {
  CN: 1.6, DE: 2.2, NL: 2.8, KR: 1.6, IT: 1.3, BE: 2.6, MX: 1.5, SG: 3.5, HK: 3, TW: 2, CH: 1.6, IE: 1.8, VN: 2.5, MY: 2,
  CZ: 2, PL: 1.5, AT: 1.5, SK: 2.5, HU: 2, SE: 1.3, AE: 1.8, SA: 1.3, RU: 1.1, NO: 1.4, QA: 1.6,
  US: 0.8, JP: 0.8, IN: 0.55, BR: 0.7, GB: 0.55, FR: 0.9, ES: 1.0, AU: 0.9, CA: 1.0, TR: 0.9, ZA: 1.0,
};
