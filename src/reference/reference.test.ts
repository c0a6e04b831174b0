import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  COUNTRIES,
  COUNTRIES_FILE,
  COUNTRY_PROFILES,
  CountriesFileSchema,
  countryByIso2,
  tradeCountryList,
} from './countries.js';
import { ECONOMY_FILE, EconomyFileSchema, INFLATION_PATHS, POLICY_RATE_PATHS } from './economy.js';
import { EU_MEMBERS, GROUPS_FILE, GROUP_MEMBERS, GroupsFileSchema, groupsOf } from './groups.js';
import { HS_CHAPTERS, HS_FILE, HS_HEADINGS, HS_PRODUCTS, HsFileSchema } from './hs.js';
import {
  INDICATORS,
  INDICATORS_FILE,
  INDICATOR_FREQUENCIES,
  INDICATOR_GROUPS,
  IndicatorsFileSchema,
} from './indicators.js';
import { ReferenceDataError, checked, loadReference, readReferenceFile, schemaProblems } from './load.js';
import { slugify } from '../text.js';

const FILES = [
  [HS_FILE, HsFileSchema],
  [COUNTRIES_FILE, CountriesFileSchema],
  [GROUPS_FILE, GroupsFileSchema],
  [ECONOMY_FILE, EconomyFileSchema],
  [INDICATORS_FILE, IndicatorsFileSchema],
] as const;

function assertUnique(values: readonly unknown[], what: string): void {
  const seen = new Set<unknown>();
  for (const v of values) {
    assert.ok(!seen.has(v), `${what}: ${String(v)} is listed twice`);
    seen.add(v);
  }
}

function assertSorted(values: readonly string[], what: string): void {
  for (let i = 1; i < values.length; i++) {
    assert.ok(values[i - 1]! < values[i]!, `${what}: ${values[i]} after ${values[i - 1]}`);
  }
}

describe('reference data files', () => {
  it('match their schemas', () => {
    for (const [file, schema] of FILES) assert.deepEqual(schemaProblems(schema, readReferenceFile(file)), [], file);
  });

  it('are rejected with the file named and the problem located when they do not', () => {
    const hs = structuredClone(readReferenceFile(HS_FILE)) as { subheadings: Array<Record<string, unknown>> };
    hs.subheadings[3]!.code = '12345';
    assert.throws(
      () => checked(HS_FILE, HsFileSchema, hs),
      (err: Error) =>
        err instanceof ReferenceDataError &&
        err.message.includes(`${HS_FILE} does not match`) &&
        err.message.includes('/subheadings/3/code'),
    );
    type CountriesFile = { countries: Array<Record<string, unknown>> };
    const countries = structuredClone(readReferenceFile(COUNTRIES_FILE)) as CountriesFile;
    countries.countries[0]!.gdpBN = 1;
    assert.ok(schemaProblems(CountriesFileSchema, countries).some((p) => p.startsWith('/countries/0')));
    const groups = { about: '', groups: { EU: ['AUT'] } };
    assert.notDeepEqual(schemaProblems(GroupsFileSchema, groups), []);
    const economy = { about: '', policyRates: { fed: [['2000-13', 1]] }, inflation: {} };
    assert.notDeepEqual(schemaProblems(EconomyFileSchema, economy), []);
    type IndicatorsFile = { indicators: Array<Record<string, unknown>> };
    for (const [field, value] of [
      ['group', 'trade'],
      ['frequency', 'weekly'],
      ['kpi_id', 'gdp usd'],
      ['aliases', ['GDP']],
      ['decimals', 1.5],
      ['sample', true],
    ] as const) {
      const indicators = structuredClone(readReferenceFile(INDICATORS_FILE)) as IndicatorsFile;
      indicators.indicators[2]![field] = value;
      const problems = schemaProblems(IndicatorsFileSchema, indicators);
      assert.ok(
        problems.some((p) => p.startsWith(`/indicators/2/${field}`)),
        `${field}: ${problems.join('; ')}`,
      );
    }
    assert.throws(() => loadReference('missing.json', HsFileSchema), ReferenceDataError);
  });

  it('are loaded frozen', () => {
    const values = [
      HS_CHAPTERS,
      HS_HEADINGS,
      HS_PRODUCTS,
      HS_PRODUCTS[0],
      COUNTRIES,
      COUNTRIES[0],
      COUNTRY_PROFILES,
      COUNTRY_PROFILES[0],
      GROUP_MEMBERS,
      GROUP_MEMBERS.eu,
      EU_MEMBERS,
      POLICY_RATE_PATHS,
      POLICY_RATE_PATHS.fed?.[0],
      INFLATION_PATHS,
      INDICATORS,
      INDICATORS[0],
      INDICATORS[0]?.aliases,
    ];
    values.forEach((value, k) => assert.ok(Object.isFrozen(value), `value ${k}`));
    assert.throws(() => {
      (COUNTRY_PROFILES[0] as { gdpBn: number }).gdpBn = 1;
    }, TypeError);
  });
});

describe('HS 2022 selection', () => {
  it('has every chapter with products (01–97 but the reserved 77), each with subheadings', () => {
    const chapters = Object.keys(HS_CHAPTERS).sort();
    const expected = Array.from({ length: 97 }, (_, i) => String(i + 1).padStart(2, '0')).filter((c) => c !== '77');
    assert.deepEqual(chapters, expected);
    for (const c of chapters)
      assert.ok(
        HS_PRODUCTS.some((p) => p.hs6.startsWith(c)),
        `chapter ${c} has no subheading`,
      );
  });

  it('lists unique subheadings sorted by code, each under a heading and chapter of the file', () => {
    const file = readReferenceFile(HS_FILE) as { chapters: Array<{ code: string }>; headings: Array<{ code: string }> };
    assertUnique(
      file.chapters.map((c) => c.code),
      'chapters',
    );
    assertUnique(
      file.headings.map((h) => h.code),
      'headings',
    );
    assertSorted(
      HS_PRODUCTS.map((p) => p.hs6),
      'subheadings',
    );
    assert.ok(HS_PRODUCTS.length >= 300, `${HS_PRODUCTS.length} subheadings`);
    for (const p of HS_PRODUCTS) {
      assert.equal(p.chapterName, HS_CHAPTERS[p.hs6.slice(0, 2)], p.hs6);
      assert.equal(p.headingName, HS_HEADINGS[p.hs6.slice(0, 4)], p.hs6);
      assert.ok(p.worldTradeBn > 0 && p.unitValue > 0, p.hs6);
    }
  });

  it('has the headings of its subheadings and no others', () => {
    const used = new Set(HS_PRODUCTS.map((p) => p.hs6.slice(0, 4)));
    assert.deepEqual(Object.keys(HS_HEADINGS).sort(), [...used].sort());
  });
});

describe('country table', () => {
  it('has unique ISO codes, sorted by ISO3 with the aggregates last and only they without ISO2', () => {
    assertUnique(
      COUNTRIES.map((c) => c.iso3),
      'iso3',
    );
    assertUnique(
      COUNTRIES.filter((c) => c.iso2 !== null).map((c) => c.iso2),
      'iso2',
    );
    const countries = COUNTRIES.filter((c) => c.kind === 'country');
    const aggregates = COUNTRIES.filter((c) => c.kind === 'aggregate');
    assert.deepEqual(COUNTRIES, [...countries, ...aggregates]);
    assertSorted(
      countries.map((c) => c.iso3),
      'countries',
    );
    assert.ok(countries.every((c) => c.iso2 !== null) && aggregates.every((c) => c.iso2 === null));
  });

  it('names ISO 3166 countries of trade by their codes', () => {
    const iso = new Map(tradeCountryList().map((c) => [c.iso2, c.iso3]));
    for (const c of COUNTRIES.filter((c) => c.iso2 !== null)) assert.equal(iso.get(c.iso2!), c.iso3, c.iso2!);
    assert.equal(countryByIso2('DE')?.gdpBn, COUNTRY_PROFILES.find((p) => p.iso3 === 'DEU')?.gdpBn);
  });

  it('profiles the 50 countries and the euro area of the economics catalogue', () => {
    assert.equal(COUNTRY_PROFILES.filter((p) => p.kind === 'country').length, 50);
    assert.deepEqual(
      COUNTRY_PROFILES.filter((p) => p.kind === 'aggregate').map((p) => p.iso3),
      ['EMU'],
    );
    assertUnique(
      COUNTRY_PROFILES.map((p) => p.slug),
      'slugs',
    );
    for (const p of COUNTRY_PROFILES) {
      assert.match(p.slug, /^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      if (p.policy !== 'own') assert.ok(POLICY_RATE_PATHS[p.policy], `${p.iso3} follows ${p.policy}: no such path`);
    }
  });
});

describe('country groups', () => {
  it('has the 27 EU members, the 21 euro-area members among them, and the G7', () => {
    assert.equal(GROUP_MEMBERS.eu?.length, 27);
    assert.equal(EU_MEMBERS.length, 27);
    assert.equal(GROUP_MEMBERS.emu?.length, 21);
    assert.equal(GROUP_MEMBERS.g7?.length, 7);
    for (const iso3 of GROUP_MEMBERS.emu ?? []) assert.ok(GROUP_MEMBERS.eu?.includes(iso3), `${iso3} is not in the EU`);
  });

  it('lists each member once, and only countries of the table with a profile', () => {
    const profiled = new Set(COUNTRY_PROFILES.map((p) => p.iso3));
    for (const [group, members] of Object.entries(GROUP_MEMBERS)) {
      assertUnique(members, group);
      for (const iso3 of members) assert.ok(profiled.has(iso3), `${group} member ${iso3} is not a profiled country`);
    }
    for (const iso2 of EU_MEMBERS) assert.equal(countryByIso2(iso2)?.kind, 'country', iso2);
    assert.deepEqual(groupsOf('DEU'), ['g7', 'g20', 'emu', 'eu', 'oecd']);
    for (const iso3 of GROUP_MEMBERS.emu ?? []) {
      assert.equal(COUNTRY_PROFILES.find((p) => p.iso3 === iso3)?.currency, 'EUR', iso3);
    }
  });
});

describe('economy anchors', () => {
  it('are paths in time order, of central banks or of profiled countries', () => {
    const profiled = new Set(COUNTRY_PROFILES.map((p) => p.iso3));
    for (const [key, path] of [...Object.entries(POLICY_RATE_PATHS), ...Object.entries(INFLATION_PATHS)]) {
      assertSorted(
        path.map(([month]) => month),
        key,
      );
      assert.ok(/^[a-z]+$/.test(key) || profiled.has(key), `${key} is neither a central bank nor a profiled country`);
    }
    for (const key of Object.keys(INFLATION_PATHS)) assert.ok(profiled.has(key), key);
    assert.ok(POLICY_RATE_PATHS.fed, 'the Fed path (own-rate advanced economies lean on it)');
  });
});

describe('indicator catalogue', () => {
  it('has 34 indicators with unique ids and names, 31 of them with sample series', () => {
    assert.equal(INDICATORS.length, 34);
    assertUnique(
      INDICATORS.map((d) => d.kpi_id),
      'kpi_id',
    );
    assertUnique(
      INDICATORS.map((d) => slugify(d.name)),
      'name slugs',
    );
    assert.equal(INDICATORS.filter((d) => d.sample !== false).length, 31);
  });

  it('lists the groups in order, 4 to 7 indicators each, and uses every frequency', () => {
    const groups = INDICATORS.map((d) => d.group).filter((g, k, all) => g !== all[k - 1]);
    assert.deepEqual(groups, [...INDICATOR_GROUPS], 'each group once, in order');
    for (const group of INDICATOR_GROUPS) {
      const n = INDICATORS.filter((d) => d.group === group).length;
      assert.ok(n >= 4 && n <= 7, `${group}: ${n} indicators`);
    }
    assert.deepEqual(new Set(INDICATORS.map((d) => d.frequency)), new Set(INDICATOR_FREQUENCIES));
  });

  it('gives every id, name slug and alias to one indicator only', () => {
    const owner = new Map<string, string>();
    for (const d of INDICATORS) {
      for (const token of new Set([d.kpi_id.toLowerCase(), slugify(d.name), ...d.aliases])) {
        const other = owner.get(token);
        assert.ok(other === undefined, `${token} names both ${other} and ${d.kpi_id}`);
        owner.set(token, d.kpi_id);
      }
    }
  });
});
