export interface Column {
  header: string;
  /** Numbers are right-aligned so that their digits line up. */
  align?: 'left' | 'right';
}

/** Columns are this many spaces apart: wide enough to tell them apart when a cell holds a space. */
const GAP = '  ';

/** A cell on one line: a control character (a newline in a name) would break the rows apart. */
function cellText(value: string): string {
  return value.replace(/\p{Cc}/gu, ' ');
}

/**
 * A plain-text table: a header row, then one line per row, every column padded with
 * spaces to its widest cell, so that each column starts at the same place on every
 * line. No borders or quotes, so that it reads well and `cut`/`awk` can take it apart.
 */
export function formatTable(columns: Column[], rows: string[][]): string {
  const cells = rows.map((row) => columns.map((_, i) => cellText(row[i] ?? '')));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (columns[i]!.align === 'right' ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join(GAP)
      .trimEnd();
  return [line(columns.map((c) => c.header)), ...cells.map(line)].join('\n');
}
