// One platform per data folder (issue 13 finding 7). A second `npm start` on the same folder used to adopt the
// running platform's Postgres, fail on the taken port and stop that Postgres on its way out. Now the first thing a
// start does is claim <dataDir>/platform.pid: created exclusively, holding the pid and the kernel's start time of
// that process. A claim whose process is alive is refused with a clear message before anything else happens; a
// claim left by a platform that died (SIGKILL, power loss) is taken over, so the Postgres it left running is still
// found and reused at the next start (DESIGN §5).
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processState } from './processState.ts';

export const LOCK_FILE = 'platform.pid';

export class DataFolderInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Strata platform (pid ${pid}): stop that one first ` +
        '(Ctrl-C in its terminal), or set STRATA_DATA_DIR to another folder',
    );
    this.name = 'DataFolderInUse';
  }
}

interface Claim {
  pid: number;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat field 22), or null without /proc. */
  started: string | null;
}

/** When process `pid` started, from /proc: tells a live owner from a later process that got the same pid. */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name start at field 3 (state); the start time is field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(claim: Claim): boolean {
  try {
    process.kill(claim.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (processState(claim.pid) === 'Z') return false;
  if (claim.started === null) return true;
  const now = startTime(claim.pid);
  return now === null || now === claim.started;
}

function readClaim(file: string): Claim | null {
  try {
    const claim = JSON.parse(readFileSync(file, 'utf8')) as Partial<Claim>;
    if (!Number.isInteger(claim.pid) || (claim.pid as number) <= 0) return null;
    return { pid: claim.pid as number, started: typeof claim.started === 'string' ? claim.started : null };
  } catch {
    // Missing (released meanwhile) or unreadable (a start killed while writing it): no live owner.
    return null;
  }
}

export interface DataFolderLock {
  /** Gives the folder up (only a claim that is still ours is removed). Safe to call more than once. */
  release(): void;
}

/** Claims `dataDir` for this process; throws DataFolderInUse when a live platform holds it. */
export function lockDataFolder(dataDir: string): DataFolderLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const mine: Claim = { pid: process.pid, started: startTime(process.pid) };
  const content = JSON.stringify(mine);
  // Written aside, then hard-linked into place: the link fails when the name exists, and the claim is never seen
  // half-written by another start.
  const staged = `${file}.${process.pid}`;
  writeFileSync(staged, content);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(staged, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
      }
      const owner = readClaim(file);
      if (owner && owner.pid !== process.pid && isAlive(owner)) throw new DataFolderInUse(dataDir, owner.pid);
      // A dead owner's claim: moved away under a name of our own (atomic), so two starts cannot both remove it
      // and then each believe the folder is theirs.
      const stale = `${file}.stale.${process.pid}`;
      try {
        renameSync(file, stale);
        const moved = readClaim(stale);
        // Between reading and moving, another start may have replaced the dead claim with its own: put it back.
        if (moved && moved.pid !== owner?.pid) linkSync(stale, file);
      } catch {
        // Another start moved it first, or put its own claim in place: look again.
      }
      rmSync(stale, { force: true });
    }
  } finally {
    rmSync(staged, { force: true });
  }

  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      const owner = readClaim(file);
      if (owner?.pid === process.pid) rmSync(file, { force: true });
    },
  };
}
