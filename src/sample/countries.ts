/**
 * The 50 countries and the euro-area aggregate of the sample, with real names, codes
 * and group memberships (as of 2026: Bulgaria in the euro area; BRICS after its
 * 2024–2025 enlargement), and the rough size of each economy in 2023 that the
 * generator scales its series to.
 */
export interface CountryProfile {
  iso3: string;
  iso2: string | null;
  name: string;
  slug: string;
  kind: 'country' | 'aggregate';
  /** Nominal GDP 2023, billions of USD. */
  gdpBn: number;
  /** Population 2023, millions. */
  popM: number;
  /** Typical unemployment rate, %. */
  unemployment: number;
  /** General government gross debt 2023, % of GDP. */
  debt: number;
  /** Currency code and its average rate per USD in 2023. */
  currency: string;
  fx2023: number;
  /** Typical consumer-price inflation, % a year, and its sensitivity to the global cycle. */
  inflation: number;
  /** Trend real growth, % a year. */
  growth: number;
  /** Central bank whose rate path the policy rate follows; `own` = set from domestic inflation. */
  policy: 'fed' | 'ecb' | 'boe' | 'boj' | 'snb' | 'own';
  /** Exports of goods as a share of GDP (0–1). */
  openness: number;
  /** Government revenue, % of GDP. */
  revenue: number;
}

type Row = [string, string | null, string, number, number, number, number, string, number, number, number, CountryProfile['policy'], number, number];

// iso3, iso2, name, gdpBn, popM, unemployment, debt, currency, fx2023, inflation, growth, policy, openness, revenue
const ROWS: Row[] = [
  ['ARG', 'AR', 'Argentina', 641, 46.7, 8.5, 89, 'ARS', 296, 25, 1.8, 'own', 0.11, 35],
  ['AUS', 'AU', 'Australia', 1724, 26.6, 5.2, 49, 'AUD', 1.505, 2.7, 2.7, 'own', 0.2, 35],
  ['AUT', 'AT', 'Austria', 516, 9.1, 5.4, 78, 'EUR', 0.925, 2.1, 1.4, 'ecb', 0.38, 49],
  ['BEL', 'BE', 'Belgium', 632, 11.8, 6.9, 105, 'EUR', 0.925, 2.1, 1.4, 'ecb', 0.6, 50],
  ['BGR', 'BG', 'Bulgaria', 102, 6.4, 8.5, 23, 'EUR', 0.925, 3.5, 3.2, 'ecb', 0.5, 38],
  ['BRA', 'BR', 'Brazil', 2174, 216.4, 10.0, 74, 'BRL', 4.99, 5.8, 2.2, 'own', 0.14, 31],
  ['CAN', 'CA', 'Canada', 2140, 40.1, 6.8, 107, 'CAD', 1.35, 2.1, 2.0, 'own', 0.26, 41],
  ['CHE', 'CH', 'Switzerland', 885, 8.8, 4.3, 38, 'CHF', 0.899, 0.6, 1.8, 'snb', 0.4, 33],
  ['CHL', 'CL', 'Chile', 336, 19.6, 8.2, 39, 'CLP', 840, 3.6, 3.2, 'own', 0.28, 25],
  ['CHN', 'CN', 'China', 17795, 1410, 5.0, 84, 'CNY', 7.08, 2.0, 7.5, 'own', 0.2, 26],
  ['COL', 'CO', 'Colombia', 364, 52.1, 10.8, 55, 'COP', 4325, 4.8, 3.5, 'own', 0.13, 28],
  ['CYP', 'CY', 'Cyprus', 32, 0.93, 7.5, 78, 'EUR', 0.925, 2.0, 2.5, 'ecb', 0.15, 40],
  ['CZE', 'CZ', 'Czechia', 330, 10.9, 4.5, 44, 'CZK', 22.2, 2.8, 2.4, 'own', 0.65, 40],
  ['DEU', 'DE', 'Germany', 4456, 84.5, 5.5, 64, 'EUR', 0.925, 1.8, 1.2, 'ecb', 0.38, 46],
  ['DNK', 'DK', 'Denmark', 404, 5.9, 5.8, 30, 'DKK', 6.89, 1.7, 1.6, 'ecb', 0.35, 52],
  ['EGY', 'EG', 'Egypt', 396, 112.7, 9.5, 95, 'EGP', 30.6, 10, 4.3, 'own', 0.1, 19],
  ['ESP', 'ES', 'Spain', 1581, 48.4, 15.5, 107, 'EUR', 0.925, 2.2, 1.8, 'ecb', 0.25, 42],
  ['EST', 'EE', 'Estonia', 41, 1.37, 8.0, 20, 'EUR', 0.925, 3.6, 3.0, 'ecb', 0.55, 39],
  ['FIN', 'FI', 'Finland', 300, 5.6, 8.0, 76, 'EUR', 0.925, 1.7, 1.4, 'ecb', 0.3, 52],
  ['FRA', 'FR', 'France', 3031, 68.2, 8.6, 110, 'EUR', 0.925, 1.6, 1.3, 'ecb', 0.22, 52],
  ['GBR', 'GB', 'United Kingdom', 3340, 68.3, 5.5, 101, 'GBP', 0.804, 2.4, 1.6, 'boe', 0.16, 39],
  ['GRC', 'GR', 'Greece', 243, 10.4, 15.0, 162, 'EUR', 0.925, 1.9, 0.8, 'ecb', 0.18, 48],
  ['HRV', 'HR', 'Croatia', 82, 3.9, 10.5, 63, 'EUR', 0.925, 2.6, 2.3, 'ecb', 0.27, 45],
  ['HUN', 'HU', 'Hungary', 212, 9.6, 6.5, 73, 'HUF', 353, 4.8, 2.4, 'own', 0.7, 43],
  ['IDN', 'ID', 'Indonesia', 1371, 277.5, 6.2, 39, 'IDR', 15237, 5.0, 5.0, 'own', 0.2, 15],
  ['IND', 'IN', 'India', 3550, 1429, 7.5, 82, 'INR', 82.6, 5.8, 6.5, 'own', 0.13, 20],
  ['IRL', 'IE', 'Ireland', 545, 5.3, 7.0, 43, 'EUR', 0.925, 2.0, 4.5, 'ecb', 0.65, 23],
  ['ISR', 'IL', 'Israel', 513, 9.8, 5.5, 62, 'ILS', 3.69, 1.8, 3.3, 'own', 0.12, 36],
  ['ITA', 'IT', 'Italy', 2255, 58.9, 9.5, 137, 'EUR', 0.925, 1.8, 0.6, 'ecb', 0.27, 47],
  ['JPN', 'JP', 'Japan', 4213, 124.5, 3.6, 255, 'JPY', 140.5, 0.3, 0.8, 'boj', 0.17, 36],
  ['KOR', 'KR', 'Korea, Republic of', 1713, 51.7, 3.6, 55, 'KRW', 1306, 2.4, 3.3, 'own', 0.37, 24],
  ['LTU', 'LT', 'Lithuania', 77, 2.9, 9.5, 38, 'EUR', 0.925, 3.0, 3.3, 'ecb', 0.65, 35],
  ['LUX', 'LU', 'Luxembourg', 86, 0.66, 5.5, 25, 'EUR', 0.925, 2.0, 2.6, 'ecb', 0.3, 45],
  ['LVA', 'LV', 'Latvia', 43, 1.9, 9.8, 43, 'EUR', 0.925, 3.2, 3.0, 'ecb', 0.45, 38],
  ['MEX', 'MX', 'Mexico', 1789, 128.5, 3.8, 53, 'MXN', 17.8, 4.3, 2.0, 'own', 0.33, 24],
  ['MLT', 'MT', 'Malta', 21, 0.54, 5.0, 50, 'EUR', 0.925, 2.0, 4.2, 'ecb', 0.25, 37],
  ['NLD', 'NL', 'Netherlands', 1118, 17.9, 5.0, 46, 'EUR', 0.925, 2.1, 1.6, 'ecb', 0.75, 44],
  ['NOR', 'NO', 'Norway', 485, 5.5, 3.8, 44, 'NOK', 10.56, 2.4, 1.7, 'own', 0.35, 56],
  ['NZL', 'NZ', 'New Zealand', 253, 5.2, 4.8, 46, 'NZD', 1.63, 2.4, 2.6, 'own', 0.18, 37],
  ['POL', 'PL', 'Poland', 811, 36.7, 8.5, 49, 'PLN', 4.2, 3.0, 3.8, 'own', 0.45, 40],
  ['PRT', 'PT', 'Portugal', 287, 10.4, 9.0, 99, 'EUR', 0.925, 1.9, 1.1, 'ecb', 0.28, 43],
  ['ROU', 'RO', 'Romania', 351, 19.0, 6.5, 49, 'RON', 4.57, 6.0, 3.8, 'own', 0.3, 32],
  ['RUS', 'RU', 'Russian Federation', 2021, 144.2, 6.0, 20, 'RUB', 85.5, 9, 3.0, 'own', 0.22, 35],
  ['SAU', 'SA', 'Saudi Arabia', 1068, 36.9, 5.8, 26, 'SAR', 3.75, 1.8, 3.0, 'fed', 0.35, 30],
  ['SVK', 'SK', 'Slovakia', 132, 5.4, 11.0, 56, 'EUR', 0.925, 3.2, 3.3, 'ecb', 0.85, 41],
  ['SVN', 'SI', 'Slovenia', 69, 2.1, 6.5, 69, 'EUR', 0.925, 2.4, 2.4, 'ecb', 0.7, 44],
  ['SWE', 'SE', 'Sweden', 585, 10.5, 7.2, 31, 'SEK', 10.6, 1.5, 2.1, 'own', 0.33, 48],
  ['TUR', 'TR', 'Türkiye', 1108, 85.3, 10.0, 29, 'TRY', 23.8, 20, 4.8, 'own', 0.22, 31],
  ['USA', 'US', 'United States', 27361, 334.9, 5.2, 122, 'USD', 1, 2.4, 2.2, 'fed', 0.08, 31],
  ['ZAF', 'ZA', 'South Africa', 377, 62.6, 24.0, 74, 'ZAR', 18.45, 5.2, 2.0, 'own', 0.28, 27],
  ['EMU', null, 'Euro area', 15500, 349, 8.8, 89, 'EUR', 0.925, 1.9, 1.4, 'ecb', 0.25, 46],
];

const EU = ['AUT', 'BEL', 'BGR', 'HRV', 'CYP', 'CZE', 'DNK', 'EST', 'FIN', 'FRA', 'DEU', 'GRC', 'HUN', 'IRL', 'ITA', 'LVA', 'LTU', 'LUX', 'MLT', 'NLD', 'POL', 'PRT', 'ROU', 'SVK', 'SVN', 'ESP', 'SWE'];
const EMU = ['AUT', 'BEL', 'BGR', 'HRV', 'CYP', 'EST', 'FIN', 'FRA', 'DEU', 'GRC', 'IRL', 'ITA', 'LVA', 'LTU', 'LUX', 'MLT', 'NLD', 'PRT', 'SVK', 'SVN', 'ESP'];
const G7 = ['CAN', 'FRA', 'DEU', 'ITA', 'JPN', 'GBR', 'USA'];
const G20 = ['ARG', 'AUS', 'BRA', 'CAN', 'CHN', 'FRA', 'DEU', 'IND', 'IDN', 'ITA', 'JPN', 'KOR', 'MEX', 'RUS', 'SAU', 'ZAF', 'TUR', 'GBR', 'USA'];
const OECD = ['AUS', 'AUT', 'BEL', 'CAN', 'CHL', 'COL', 'CZE', 'DNK', 'EST', 'FIN', 'FRA', 'DEU', 'GRC', 'HUN', 'IRL', 'ISR', 'ITA', 'JPN', 'KOR', 'LVA', 'LTU', 'LUX', 'MEX', 'NLD', 'NZL', 'NOR', 'POL', 'PRT', 'SVK', 'SVN', 'ESP', 'SWE', 'CHE', 'TUR', 'GBR', 'USA'];
const BRICS = ['BRA', 'RUS', 'IND', 'CHN', 'ZAF', 'EGY', 'IDN'];

export const GROUP_MEMBERS: Record<string, string[]> = { g7: G7, g20: G20, emu: EMU, eu: EU, oecd: OECD, brics: BRICS };

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const COUNTRY_PROFILES: CountryProfile[] = ROWS.map(
  ([iso3, iso2, name, gdpBn, popM, unemployment, debt, currency, fx2023, inflation, growth, policy, openness, revenue]) => ({
    iso3,
    iso2: iso3 === 'EMU' ? null : iso2,
    name,
    slug: slugify(name),
    kind: iso3 === 'EMU' ? 'aggregate' : 'country',
    gdpBn, popM, unemployment, debt, currency, fx2023, inflation, growth, policy, openness, revenue,
  }),
);

export function groupsOf(iso3: string): string[] {
  return Object.entries(GROUP_MEMBERS)
    .filter(([, members]) => members.includes(iso3))
    .map(([group]) => group);
}
