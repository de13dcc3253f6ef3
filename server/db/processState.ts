// The state letter of a process from /proc (Linux), without the weight of the modules that use it: the data
// folder lock (server/db/dataLock.ts) runs before the platform's port opens.
import { readFileSync } from 'node:fs';

/** Linux process state from /proc ('Z' = exited, waiting to be reaped), or null where /proc is missing. */
export function processState(pid: number): string | null {
  try {
    // The state follows the parenthesised command name, which may itself contain spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).charAt(0) || null;
  } catch {
    return null;
  }
}
