import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { HS_CHAPTERS, HS_HEADINGS, HS_PRODUCTS } from '../reference/hs.js';
import { nomenclatureProducts } from './products.js';

const REAL_HS = new URL('../../../shared/data/hs/harmonized-system.csv', import.meta.url).pathname;

describe('trade sample products', () => {
  it('bundles at least 300 HS 2022 subheadings covering every chapter with products', () => {
    const products = HS_PRODUCTS;
    assert.ok(products.length >= 300);
    const chapters = Object.keys(HS_CHAPTERS).sort();
    const expected = Array.from({ length: 97 }, (_, i) => String(i + 1).padStart(2, '0')).filter((c) => c !== '77');
    assert.deepEqual(chapters, expected);
    for (const c of chapters)
      assert.ok(
        products.some((p) => p.hs6.startsWith(c)),
        `chapter ${c}`,
      );
    const codes = products.map((p) => p.hs6);
    assert.equal(new Set(codes).size, codes.length);
    for (const p of products) {
      assert.match(p.hs6, /^\d{6}$/);
      assert.ok(HS_HEADINGS[p.hs6.slice(0, 4)], `heading of ${p.hs6}`);
      assert.ok(p.worldTradeBn > 0 && p.unitValue > 0 && p.name.length > 3);
    }
  });

  it(
    'draws every HS6 code of a full nomenclature when one is given',
    { skip: !existsSync(REAL_HS) && 'shared/data/hs is not present' },
    async () => {
      const products = await nomenclatureProducts(REAL_HS, 1);
      assert.equal(products.length, 5613);
      const codes = new Set(products.map((p) => p.hs6));
      for (const p of HS_PRODUCTS) assert.ok(codes.has(p.hs6), `${p.hs6} is in the nomenclature`);
      assert.ok(products.every((p) => p.worldTradeBn > 0 && p.unitValue > 0 && p.chapterName && p.headingName));
    },
  );
});
