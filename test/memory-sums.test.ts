import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { annualAggregate, type GroupKey } from '../src/trade/annual-sums.js';
import { orient, type Flow } from '../src/trade/filter.js';
import { flowSums } from '../src/trade/flow-sums.js';
import { listingFilesWritten } from '../src/trade/listing-files.js';
import { TradeInput } from '../src/trade/params.js';
import { AggregateSlices } from '../src/trade/slices.js';
import { buildMixes, discoverUniverse } from '../bench/mixes.js';
import { provideSample } from './helpers/sample.js';
import { answerOf, closeServed, serveInProcess, type Served } from './helpers/in-process.js';

/** Grouped trade operations, whose sums may come from aggregates held in memory. */
const GROUPED = [
  '/v1/trade/summary',
  '/v1/trade/countries/{cid}/partners',
  '/v1/trade/countries/{cid}/products',
  '/v1/trade/products/{pid}/markets',
  '/v1/trade/products/{pid}/history',
  '/v1/trade/countries/{cid}/exports',
  '/v1/trade/countries/{cid}/imports',
];
/**
 * The listing, whose plan (sort the matching rows, or scan a copy in stored order
 * until a page is found) is chosen from counts held in memory; DuckDB alone sorts.
 */
const LISTINGS = ['/v1/trade'];
const PER_OPERATION = 150;

/**
 * A server on the sample: every sum in DuckDB (`memorySums` off), or in memory with
 * `memorySumsBytes` for the slices (the whole tables read ahead when they fit, which
 * is awaited; otherwise slices fetched on use and dropped beyond the budget), sums of
 * `sumOffThreadRows` rows or more on the summing threads, and the listings (whose
 * flows some sums read) awaited.
 */
async function serve(
  dataDir: string,
  memorySums: boolean,
  held: { memorySumsBytes?: number; sumOffThreadRows?: number } = {},
): Promise<Served> {
  const served = await serveInProcess(dataDir, { memorySums, ...held, listingFiles: memorySums });
  if (memorySums) {
    await (
      await AggregateSlices.of(served.store.current!.db)
    ).read;
    await listingFilesWritten(served.store.current!.db);
  }
  return served;
}

/** Status and body as sent, without the fields that differ per request. */
async function answer(s: Served, url: string): Promise<string> {
  const { status, body } = await answerOf(s, url);
  return `${status} ${JSON.stringify(body)}`;
}

describe('trade sums held in memory', () => {
  let dataDir: string;
  let memory: Served;
  let onDemand: Served;
  let duck: Served;
  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-test-'));
    await provideSample(dataDir);
    // Every sum on the summing thread, off the event loop.
    memory = await serve(dataDir, true, { sumOffThreadRows: 0 });
    // 1 MB holds some 24 000 slice rows: the sample's product table is read whole, the
    // others are fetched slice by slice and dropped beyond that. Every sum where it is asked for.
    onDemand = await serve(dataDir, true, { memorySumsBytes: 2 ** 20, sumOffThreadRows: Infinity });
    duck = await serve(dataDir, false);
  });
  after(async () => {
    for (const s of [memory, onDemand, duck]) {
      await closeServed(s);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answer exactly as DuckDB over a seeded mix of grouped requests and listings', async () => {
    const universe = await discoverUniverse(
      async (p) => JSON.parse(await answer(duck, p).then((a) => a.slice(4))).data,
    );
    const mixes = buildMixes(universe);
    const paths = [...GROUPED, ...LISTINGS].flatMap((op) => Array.from({ length: PER_OPERATION }, () => mixes[op]!()));
    let differing = 0;
    // Twice: the second time every slice is already held (within the budget).
    for (const round of [1, 2]) {
      for (const p of paths) {
        const [expected, whole, fetched] = await Promise.all([answer(duck, p), answer(memory, p), answer(onDemand, p)]);
        if (expected !== whole && differing++ < 3) assert.equal(whole, expected, `round ${round}, read whole: ${p}`);
        if (expected !== fetched && differing++ < 3) assert.equal(fetched, expected, `round ${round}, on demand: ${p}`);
      }
    }
    assert.equal(differing, 0);
  });

  it("sums a pair's flows, or one country's in some products, from the listings as DuckDB does", async () => {
    const catalogue = memory.store.current!.content.trade!;
    const universe = await discoverUniverse(
      async (p) => JSON.parse(await answer(duck, p).then((a) => a.slice(4))).data,
    );
    const asked: Array<{ groups: GroupKey[]; orderBy?: 'value' | 'key'; limit?: number }> = [
      { groups: ['year'], orderBy: 'key' },
      { groups: ['partner'], orderBy: 'value', limit: 5 },
      { groups: ['year', 'partner'], orderBy: 'key' },
    ];
    let compared = 0;
    for (const [i, reporter] of universe.reporters.slice(0, 12).entries()) {
      // Of the reporter's largest products and partners: sums that are not empty.
      const top = async (what: string) =>
        (await answerOf(duck, `/v1/trade/countries/${reporter}/${what}?limit=3`)).body.data as Array<
          Record<string, string>
        >;
      const partner = i % 3 === 0 ? undefined : (await top('partners'))[i % 2]?.partner;
      const code = (await top('products'))[i % 3]?.hs6 ?? universe.products[i]!;
      const input = new TradeInput(catalogue);
      const [r, p] = [input.countries(reporter), input.countries(partner)];
      const products = input.products(code.slice(0, [6, 4, 2][i % 3]), 'product');
      const years = i % 2 ? { from: universe.years.first, to: universe.years.first + 1 } : {};
      input.resolve();
      const sides = { reporter: r.value, partner: p.value };
      for (const flow of ['export', 'import', undefined] as Array<Flow | undefined>) {
        const filter = { terms: orient(sides, flow, catalogue.selfTrade), products: products.value, ...years };
        for (const opts of asked) {
          const fromListings = await flowSums(memory.store.current!.db, filter, opts);
          const where = `${reporter} ${partner ?? ''} ${code} ${flow ?? 'both'} ${opts.groups.join(',')}`;
          assert.ok(fromListings, `summed from the listings: ${where}`);
          if (fromListings.length) compared++;
          assert.deepEqual(fromListings, await annualAggregate(duck.store.current!.db, filter, opts), where);
        }
      }
    }
    assert.ok(compared > 50, `${compared} non-empty sums compared`);
    // Codes no flow has: no sums, from the listings as from DuckDB.
    const input = new TradeInput(catalogue);
    const r = input.countries(universe.reporters[0]);
    input.resolve();
    const none = {
      terms: orient({ reporter: r.value, partner: undefined }, 'export', false),
      products: [{ lo: 999_990, hi: 999_999 }],
    };
    assert.deepEqual(await flowSums(memory.store.current!.db, none, asked[0]!), []);
    assert.deepEqual(await annualAggregate(duck.store.current!.db, none, asked[0]!), []);
  });
});
