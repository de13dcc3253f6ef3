// The data folder's claim (issue 13 finding 7): a live owner is refused; a dead one, or a pid since reused by
// another process, is taken over; release removes only a claim that is still ours.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFolderInUse, LOCK_FILE, lockDataFolder } from './dataLock.ts';

const root = mkdtempSync(join(tmpdir(), 'strata-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;
const folder = () => join(root, `data-${count++}`);
const startTime = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
};

describe('lockDataFolder', () => {
  it('claims a free folder and gives it back', () => {
    const dir = folder();
    const lock = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataFolder(dir).release();
  });

  it('refuses a folder held by a live process, naming it', async () => {
    const dir = folder();
    const other = spawn('sleep', ['30']);
    await new Promise((resolve) => other.once('spawn', resolve));
    try {
      lockDataFolder(dir).release();
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: other.pid, started: startTime(other.pid!) }));
      expect(() => lockDataFolder(dir)).toThrow(DataFolderInUse);
      expect(() => lockDataFolder(dir)).toThrow(`The data folder ${dir} is in use by another Strata platform (pid ${other.pid})`);
      // The refused start leaves the owner's claim alone.
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(other.pid);
    } finally {
      other.kill();
    }
  });

  it('takes over the claim of a process that is gone, or whose pid now belongs to another process', async () => {
    const dir = folder();
    const gone = spawn('true');
    await new Promise((resolve) => gone.once('exit', resolve));
    lockDataFolder(dir).release();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: gone.pid, started: '1' }));
    const taken = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    taken.release();

    // A live pid with another start time: the platform that wrote it died and the pid was reused.
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, started: '1' }));
    lockDataFolder(dir).release();
    // Unreadable (a start killed while writing): no owner.
    writeFileSync(join(dir, LOCK_FILE), '{"pid": 12');
    lockDataFolder(dir).release();
  });

  it('release leaves a claim that is no longer ours', () => {
    const dir = folder();
    const lock = lockDataFolder(dir);
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, started: null }));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  });
});
