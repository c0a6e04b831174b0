import { normalizeText } from '../text.js';
import { EU_GROUP, type TradeCatalogue } from './catalogue.js';

interface CountryRow {
  id: string;
  iso3: string | null;
  name: string;
  is_group: boolean;
}

/**
 * Countries (and the EU group) matching a name, ISO2 or ISO3: exact codes first, then
 * names starting with the text, then names holding it; ties by id.
 */
export function searchCountries(catalogue: TradeCatalogue, q: string, limit: number): CountryRow[] {
  // Text without letters or digits (`---`) is a valid query, matched as written.
  const raw = q.trim().toLowerCase();
  const normal = normalizeText(raw);
  const text = normal === '' ? raw : normal;
  const nameOf = normal === '' ? (name: string) => name.toLowerCase() : normalizeText;
  const upper = q.trim().toUpperCase();
  const rows: CountryRow[] = [
    { id: EU_GROUP.id, iso3: null, name: EU_GROUP.name, is_group: true },
    ...catalogue.countries.map((c) => ({ id: c.iso2, iso3: c.iso3, name: c.name, is_group: false })),
  ];
  const rank = (r: CountryRow) => {
    if (r.id === upper || r.iso3 === upper) return 0;
    const name = nameOf(r.name);
    if (name.startsWith(text)) return 1;
    if (name.includes(text)) return 2;
    return -1;
  };
  return rows
    .map((r) => [rank(r), r] as const)
    .filter(([k]) => k >= 0)
    .sort((a, b) => a[0] - b[0] || (a[1].id < b[1].id ? -1 : 1))
    .slice(0, limit)
    .map(([, r]) => r);
}

/** A country known to the catalogue (or EU), its region and where its figures come from. */
export function countryDetail(catalogue: TradeCatalogue, token: string) {
  if (token === EU_GROUP.id) {
    return {
      id: 'EU',
      iso3: null,
      name: EU_GROUP.name,
      is_group: true,
      region: 'Europe',
      note: `Group of the ${EU_GROUP.members.length} EU member states; as a filter it expands to them.`,
      ...catalogue.provenance(catalogue.euIds),
    };
  }
  const c = catalogue.country(token)!;
  return {
    id: c.iso2,
    iso3: c.iso3,
    name: c.name,
    is_group: false,
    region: c.region,
    note: c.is_reporter
      ? 'Reporting country: declares its own imports and exports.'
      : "Partner only: its trade is known from reporting countries' declarations.",
    ...catalogue.provenance([c.id]),
  };
}
