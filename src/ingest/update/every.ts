const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--every DURATION` (`90s`, `30m`, `6h`, `1d`) in milliseconds; undefined for another shape or a zero. */
export function parseEvery(text: string): number | undefined {
  const m = /^(\d{1,6})([smhd])$/.exec(text.trim());
  if (!m) return undefined;
  const ms = Number(m[1]) * UNITS[m[2]!]!;
  return ms > 0 ? ms : undefined;
}
