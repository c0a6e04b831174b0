import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BadRow } from '../types.js';

export interface NomenclatureProduct {
  hs6: number;
  hs_version: number;
  name: string;
  chapter_name: string | null;
  heading_name: string | null;
}

/**
 * The HS nomenclature CSV (`section,hscode,description,parent,level`): every HS6
 * code (level 6) with its chapter (level 2) and heading (level 4) names.
 */
export function readHsNomenclature(files: string[], hsVersion: number): { products: NomenclatureProduct[]; badRows: BadRow[] } {
  const badRows: BadRow[] = [];
  const names = new Map<string, string>();
  const six: Array<{ code: string; name: string; line: number; file: string }> = [];
  for (const file of files) {
    const name = path.basename(file);
    const records = parse(readFileSync(file), { bom: true, columns: true, skip_empty_lines: true, info: true }) as unknown as Array<{ record: Record<string, string>; info: { lines: number } }>;
    for (const { record, info } of records) {
      const code = (record.hscode ?? '').trim();
      const level = (record.level ?? '').trim();
      const description = (record.description ?? '').trim();
      if (!['2', '4', '6'].includes(level)) continue; // sections and totals
      if (!new RegExp(`^\\d{${level}}$`).test(code) || description === '') {
        badRows.push({ file: name, line: info.lines, reason: `"${code}" is not a level-${level} HS code with a description` });
        continue;
      }
      names.set(code, description);
      if (level === '6') six.push({ code, name: description, line: info.lines, file: name });
    }
  }
  const products = six.map((p) => ({
    hs6: Number(p.code),
    hs_version: hsVersion,
    name: p.name,
    chapter_name: names.get(p.code.slice(0, 2)) ?? null,
    heading_name: names.get(p.code.slice(0, 4)) ?? null,
  }));
  return { products, badRows };
}
