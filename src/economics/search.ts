import type { Country, EconomicsCatalogue, Indicator, Series } from './catalogue.js';
import { normalizeText } from '../text.js';

export interface SearchResult {
  type: 'country' | 'indicator' | 'series';
  title: string;
  series_id: string | null;
  country_id: string | null;
  kpi_id: string | null;
  slug: string | null;
  latest_value: number | null;
  latest_value_date: string | null;
  unit: string | null;
  frequency: string | null;
}

/** Match quality: exact beats prefix beats substring; 0 = no match. */
type Tier = 0 | 1 | 2 | 3;

function tierOf(fields: string[], q: string): Tier {
  let best: Tier = 0;
  for (const f of fields) {
    if (f === q) return 3;
    if (f.startsWith(q)) best = 2;
    else if (best < 1 && f.includes(q)) best = 1;
  }
  return best;
}

interface Scored {
  tier: Tier;
  typeRank: number;
  bonus: number;
  result: SearchResult;
}

const TYPE_RANK = { country: 0, indicator: 1, series: 2 } as const;

/**
 * Search over countries (name, slug, ISO codes), indicators (name, slug, kpi_id,
 * aliases) and series (a query naming a country and an indicator, in either
 * order). Ranked exact, then prefix, then substring; ties by type, then title.
 */
export class SearchIndex {
  private readonly countryFields: Array<[Country, string[]]>;
  private readonly indicatorFields: Array<[Indicator, string[]]>;
  private readonly seriesByPair = new Map<string, Series>();

  constructor(private readonly catalogue: EconomicsCatalogue) {
    this.countryFields = catalogue.listedCountries.map((c) => [
      c,
      [c.name, c.slug, c.country_id, c.iso2 ?? ''].filter(Boolean).map(normalizeText),
    ]);
    this.indicatorFields = catalogue.listedIndicators.map((i) => [
      i,
      [i.name, i.slug, i.kpi_id, ...i.aliases].map(normalizeText),
    ]);
    for (const s of catalogue.series) this.seriesByPair.set(`${s.country_id}|${s.kpi_id}`, s);
  }

  search(rawQuery: string, limit: number): SearchResult[] {
    const q = normalizeText(rawQuery);
    if (q === '') return [];
    const scored = new Map<string, Scored>();
    const add = (key: string, s: Scored) => {
      const prev = scored.get(key);
      if (!prev || s.tier > prev.tier || (s.tier === prev.tier && s.bonus > prev.bonus)) scored.set(key, s);
    };

    for (const [c, fields] of this.countryFields) {
      const tier = tierOf(fields, q);
      if (tier) add(`c:${c.country_id}`, { tier, typeRank: 0, bonus: 0, result: this.countryResult(c) });
    }
    for (const [i, fields] of this.indicatorFields) {
      const tier = tierOf(fields, q);
      if (tier) add(`i:${i.kpi_id}`, { tier, typeRank: 1, bonus: 0, result: this.indicatorResult(i) });
    }
    const words = q.split(' ');
    for (let cut = 1; cut < words.length; cut++) {
      const head = words.slice(0, cut).join(' ');
      const tail = words.slice(cut).join(' ');
      this.addSeries(head, tail, add);
      this.addSeries(tail, head, add);
    }

    return [...scored.values()]
      .sort(
        (a, b) =>
          b.tier - a.tier ||
          a.typeRank - b.typeRank ||
          b.bonus - a.bonus ||
          a.result.title.localeCompare(b.result.title),
      )
      .slice(0, limit)
      .map((s) => s.result);
  }

  private addSeries(countryPart: string, indicatorPart: string, add: (key: string, s: Scored) => void): void {
    const countries = this.countryFields.map(([c, f]) => [c, tierOf(f, countryPart)] as const).filter(([, t]) => t > 0);
    if (countries.length === 0) return;
    const indicators = this.indicatorFields
      .map(([i, f]) => [i, tierOf(f, indicatorPart)] as const)
      .filter(([, t]) => t > 0);
    for (const [c, ct] of countries) {
      for (const [i, it] of indicators) {
        const s = this.seriesByPair.get(`${c.country_id}|${i.kpi_id}`);
        if (!s) continue;
        const tier = Math.min(ct, it) as Tier;
        add(`s:${s.series_id}`, {
          tier,
          typeRank: TYPE_RANK.series,
          bonus: ct + it,
          result: this.seriesResult(s, c, i),
        });
      }
    }
  }

  private countryResult(c: Country): SearchResult {
    return {
      type: 'country',
      title: c.name,
      series_id: null,
      country_id: c.country_id,
      kpi_id: null,
      slug: c.slug,
      latest_value: null,
      latest_value_date: null,
      unit: null,
      frequency: null,
    };
  }

  private indicatorResult(i: Indicator): SearchResult {
    return {
      type: 'indicator',
      title: i.name,
      series_id: null,
      country_id: null,
      kpi_id: i.kpi_id,
      slug: i.slug,
      latest_value: null,
      latest_value_date: null,
      unit: i.unit,
      frequency: i.frequency,
    };
  }

  private seriesResult(s: Series, c: Country, i: Indicator): SearchResult {
    return {
      type: 'series',
      title: `${c.name} - ${i.name}`,
      series_id: s.series_id,
      country_id: c.country_id,
      kpi_id: i.kpi_id,
      slug: i.slug,
      latest_value: s.latest_value,
      latest_value_date: s.latest_value_date,
      unit: i.unit,
      frequency: s.frequency,
    };
  }
}

const searchIndexes = new WeakMap<EconomicsCatalogue, SearchIndex>();

/** The search index of a catalogue, built on first use and kept while the catalogue is served. */
export function searchIndexOf(catalogue: EconomicsCatalogue): SearchIndex {
  let index = searchIndexes.get(catalogue);
  if (!index) searchIndexes.set(catalogue, (index = new SearchIndex(catalogue)));
  return index;
}
