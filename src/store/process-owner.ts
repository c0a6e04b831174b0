import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** A process, recognisable after its death even if the pid is reused (start time from /proc). */
export interface Owner {
  pid: number;
  host: string;
  /** Start time of the process in clock ticks since boot; `0` where /proc is unavailable. */
  start: number;
}

function processStart(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces); starttime is field 22 of the line.
    const start = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isFinite(start) ? start : undefined;
  } catch {
    return undefined;
  }
}

/** This process, as the markers and spill directories it owns name it. */
export const THIS_PROCESS: Readonly<Owner> = Object.freeze({
  pid: process.pid,
  host: hostname(),
  start: processStart(process.pid) ?? 0,
});

/** Whether a process of this host with that pid exists (false only when the system says there is none). */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  return true;
}

/** true/false for a process of this host; undefined for another host's (its pid means nothing here). */
export function ownerAlive(owner: Owner): boolean | undefined {
  if (owner.host !== THIS_PROCESS.host) return undefined;
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return false;
  if (owner.pid === THIS_PROCESS.pid) return owner.start === THIS_PROCESS.start;
  if (!pidExists(owner.pid)) return false;
  if (owner.start === 0) return true;
  const start = processStart(owner.pid);
  return start === undefined || start === owner.start;
}
