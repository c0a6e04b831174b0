import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ingestEconomicsBatches } from '../src/ingest/economics.js';
import { IngestError } from '../src/ingest/errors.js';
import { NotLoaded } from '../src/ingest/report.js';
import type { EconomicsBatch, EconomicsObservation, Provenance } from '../src/ingest/types.js';
import { readCurrentName, snapshotsDir } from '../src/store/snapshot-layout.js';
import { historyPoints } from './helpers/history.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/**
 * One build from several sources (§7 "Updating"): each series keeps its own source's
 * provenance, one run publishes one snapshot, and none when nothing changed.
 */

const provenance = (name: string): Provenance => ({
  source_name: name,
  source_url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example.org/data`,
  license_id: name === 'Agency A' ? 'CC-BY-4.0' : 'OGL-3.0',
  attribution_text: `Data: ${name}`,
});

const annual = (country_id: string, year: number, value: number): EconomicsObservation => ({
  country_id,
  kpi_id: 'GDP_USD',
  frequency: 'annual',
  date: `${year}-01-01`,
  value,
  obs_status: null,
});

const monthly = (month: string, value: number): EconomicsObservation => ({
  country_id: 'USA',
  kpi_id: 'UNEMPLOYMENT',
  frequency: 'monthly',
  date: `${month}-01`,
  value,
  obs_status: null,
});

const batch = (name: string, observations: EconomicsObservation[], source_id?: string): EconomicsBatch => ({
  ...(source_id ? { source_id } : {}),
  provenance: provenance(name),
  observations,
  badRows: [],
  unmapped: new NotLoaded(),
});

/** Agency A: GDP of France and Germany; `fra2022` is the value it gives for France in 2022. */
const agencyA = (fra2022 = 2782905325625.4) =>
  batch('Agency A', [
    annual('FRA', 2021, 2957879759263.55),
    annual('FRA', 2022, fra2022),
    annual('DEU', 2021, 4259934911821.64),
    annual('DEU', 2022, 4082469490797.63),
  ]);
/** Agency B: US unemployment. */
const agencyB = () => batch('Agency B', [monthly('2024-01', 3.7), monthly('2024-02', 3.9), monthly('2024-03', 3.8)]);

const at = (day: string) => new Date(`${day}T12:00:00Z`);

describe('economics: several sources in one build', () => {
  let dataDir: string;
  let s: TestServer | undefined;
  let first: string;

  before(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-batches-'));
  });
  after(async () => {
    await s?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The snapshot directories in DATA_DIR (published or not). */
  const snapshots = () =>
    readdirSync(snapshotsDir(dataDir), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  const latest = async (query: string) => (await s!.data(`/v1/latest?${query}`))[0];

  it('publishes one snapshot where each series carries its own source’s provenance', async () => {
    const r = await ingestEconomicsBatches(dataDir, [agencyA(), agencyB()], { maxBadRows: 0, now: at('2024-05-01') });
    assert.equal(r.unchanged, false);
    assert.ok(r.snapshot);
    first = r.snapshot;
    assert.equal(await readCurrentName(dataDir), first);
    assert.deepEqual(snapshots(), [first], 'one snapshot for the two sources');
    assert.deepEqual(r.changedSeries, ['DEU.GDP_USD', 'FRA.GDP_USD', 'USA.UNEMPLOYMENT']);
    assert.equal(r.observations, 7);
    assert.deepEqual(
      r.sources.map((x) => [x.source, x.series, x.observations, x.changedSeries.length]),
      [
        ['Agency A', 2, 4, 2],
        ['Agency B', 1, 3, 1],
      ],
    );

    s = await startTestServer({ dataDir });
    for (const [query, name] of [
      ['country=FRA&indicator=GDP_USD', 'Agency A'],
      ['country=DEU&indicator=GDP_USD', 'Agency A'],
      ['country=USA&indicator=UNEMPLOYMENT', 'Agency B'],
    ] as const) {
      const row = await latest(query);
      const p = provenance(name);
      assert.deepEqual(
        [row.source_name, row.source_url, row.license_id, row.attribution_text],
        [p.source_name, p.source_url, p.license_id, p.attribution_text],
        query,
      );
    }
    assert.equal((await latest('country=USA&indicator=UNEMPLOYMENT')).latest_value, 3.8);
  });

  it('publishes nothing when the same batches come again with publishUnchanged false', async () => {
    const r = await ingestEconomicsBatches(dataDir, [agencyA(), agencyB()], {
      maxBadRows: 0,
      now: at('2024-05-02'),
      publishUnchanged: false,
    });
    assert.equal(r.unchanged, true);
    assert.equal(r.snapshot, undefined);
    assert.deepEqual(r.changedSeries, []);
    assert.equal(r.unchangedSeries, 3);
    assert.equal(r.observations, 7, 'what the serving snapshot holds');
    assert.equal(await readCurrentName(dataDir), first);
    assert.deepEqual(snapshots(), [first], 'the discarded build leaves no directory');
  });

  it('publishes nothing for no batch, or batches without observations, when publishUnchanged is false', async () => {
    for (const batches of [[], [batch('Agency A', []), batch('Agency B', [])]]) {
      const r = await ingestEconomicsBatches(dataDir, batches, { maxBadRows: 0, publishUnchanged: false });
      assert.equal(r.unchanged, true);
      assert.equal(r.snapshot, undefined);
      assert.deepEqual(r.changedSeries, []);
    }
    assert.equal(await readCurrentName(dataDir), first);
    assert.deepEqual(snapshots(), [first]);
    // Publishing even when unchanged (an ingest's way), no observation at all is an error.
    await assert.rejects(
      ingestEconomicsBatches(dataDir, [], { maxBadRows: 0 }),
      (e: unknown) => e instanceof IngestError && /no observation could be loaded/.test(e.message),
    );
    assert.equal(await readCurrentName(dataDir), first);
  });

  it('a value one source revises the next day: a new snapshot, the old value kept as a vintage', async () => {
    const r = await ingestEconomicsBatches(dataDir, [agencyA(2779092235933.8), agencyB()], {
      maxBadRows: 0,
      now: at('2024-05-02'),
      publishUnchanged: false,
    });
    assert.equal(r.unchanged, false);
    assert.ok(r.snapshot && r.snapshot !== first);
    assert.equal(await readCurrentName(dataDir), r.snapshot);
    assert.deepEqual(r.changedSeries, ['FRA.GDP_USD']);
    assert.deepEqual(
      r.sources.map((x) => x.changedSeries),
      [['FRA.GDP_USD'], []],
    );
    await s!.refresh();
    const france = async (asOf: string) =>
      (await historyPoints(s!, `country=FRA&indicator=GDP_USD${asOf}`)).map((p) => [p.date, p.value]);
    assert.deepEqual(await france('&as_of=2024-05-01'), [
      ['2021-01-01', 2957879759263.55],
      ['2022-01-01', 2782905325625.4],
    ]);
    assert.deepEqual(await france(''), [
      ['2021-01-01', 2957879759263.55],
      ['2022-01-01', 2779092235933.8],
    ]);
    const [v] = await s!.data('/v1/vintages?country=FRA&indicator=GDP_USD');
    assert.deepEqual(v.vintage_dates, ['2024-05-01', '2024-05-02']);
    assert.deepEqual(
      (await s!.data('/v1/updates?since=2024-05-02')).map((u: { series_id: string }) => u.series_id),
      ['FRA.GDP_USD'],
    );
    // Provenance stays each source's own.
    assert.equal((await latest('country=FRA&indicator=GDP_USD')).source_name, 'Agency A');
    assert.equal((await latest('country=USA&indicator=UNEMPLOYMENT')).source_name, 'Agency B');
  });

  it('a value a source withdraws is a change: published, and kept as a vintage', async () => {
    const before = await readCurrentName(dataDir);
    const withdrawn = batch('Agency B', [monthly('2024-01', 3.7), monthly('2024-03', 3.8)]);
    const r = await ingestEconomicsBatches(dataDir, [agencyA(2779092235933.8), withdrawn], {
      maxBadRows: 0,
      now: at('2024-05-03'),
      publishUnchanged: false,
    });
    assert.equal(r.unchanged, false);
    assert.notEqual(r.snapshot, before);
    assert.deepEqual(r.changedSeries, ['USA.UNEMPLOYMENT']);
    await s!.refresh();
    const us = async (asOf: string) =>
      (await historyPoints(s!, `country=USA&indicator=UNEMPLOYMENT${asOf}`)).map((p) => p.date);
    assert.deepEqual(await us(''), ['2024-01-01', '2024-03-01']);
    assert.deepEqual(await us('&as_of=2024-05-02'), ['2024-01-01', '2024-02-01', '2024-03-01']);
  });

  it('refuses two batches carrying the same series, naming both sources, and publishes nothing', async () => {
    const before = await readCurrentName(dataDir);
    const dirs = snapshots();
    const rival = batch('Agency C', [monthly('2024-03', 3.9)]);
    for (const [batches, names] of [
      [
        [agencyA(), agencyB(), rival],
        ['Agency B', 'Agency C'],
      ],
      [
        [batch('Agency B', agencyB().observations, 'agency-b-labour'), batch('Agency C', rival.observations, 'c-ilo')],
        ['agency-b-labour', 'c-ilo'],
      ],
    ] as const) {
      await assert.rejects(
        ingestEconomicsBatches(dataDir, [...batches], {
          maxBadRows: 0,
          now: at('2024-05-03'),
          publishUnchanged: false,
        }),
        (e: unknown) =>
          e instanceof IngestError &&
          e.message.includes('USA.UNEMPLOYMENT') &&
          names.every((n) => e.message.includes(n)),
      );
    }
    assert.equal(await readCurrentName(dataDir), before);
    assert.deepEqual(snapshots(), dirs);
  });
});
