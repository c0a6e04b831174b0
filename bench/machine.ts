import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** A process's resident set size now, in MB (from /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Prints the load average, with a warning above 0.5 (figures taken then are noisy). */
export function printLoad(when: string): void {
  const [one, five] = loadavg() as [number, number];
  console.log(`load average ${when}: ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min)`);
  if (one > 0.5) console.warn(`warning: load average ${one.toFixed(2)} above 0.5 ${when}`);
}
