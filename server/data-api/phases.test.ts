// The Data API's phase recorder (STRATA_DATA_API_PHASES, issue 17's diagnostics): a no-op without the variable; with
// it, each interval's records reach the file with their percentiles, phases and notes, and a request tied to its
// connection ends when its answer is written.
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'strata-phases-'));
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

async function load(file: string | undefined) {
  vi.resetModules();
  vi.stubEnv('STRATA_DATA_API_PHASES', file ?? '');
  return import('./phases.ts');
}

async function fileText(file: string): Promise<string> {
  const deadline = Date.now() + 6_000;
  while (Date.now() < deadline) {
    if (existsSync(file) && /server p50=/.test(readFileSync(file, 'utf8'))) return readFileSync(file, 'utf8');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing written to ${file}`);
}

describe('Data API phases', () => {
  it('records nothing and ties nothing to a connection without STRATA_DATA_API_PHASES', async () => {
    const { phases, onConnection } = await load(undefined);
    const timing = phases();
    // One shared no-op recorder: nothing is allocated per request.
    expect(phases()).toBe(timing);
    const outgoing = Object.assign(new EventEmitter(), { socket: {} });
    onConnection(timing, { outgoing });
    expect(outgoing.listenerCount('finish')).toBe(0);
    // Nor is the shared recorder changed: a deferred flag on it would make every later request wait for a write.
    expect(Object.keys(timing).sort()).toEqual(['answered', 'end', 'mark', 'note']);
    timing.mark('auth');
    timing.answered();
  });

  it('writes each interval: the count, server percentiles, and the slowest requests with their phases and notes', async () => {
    const file = join(dir, 'plain.log');
    const { phases } = await load(file);
    const timing = phases();
    timing.mark('auth');
    timing.note('waiting', 3);
    await new Promise((resolve) => setTimeout(resolve, 20));
    timing.mark('query');
    timing.answered();
    const text = await fileText(file);
    expect(text).toMatch(/n=1 server p50=(\d+) p99=\1 max=\1 ms/);
    expect(text).toMatch(/total \d+ ms: auth\+\d+ query\+(1\d|[2-9]\d|\d{3,}) end\+\d+ \{"waiting":3\}/);
  });

  it('with a connection, a request ends when its answer is written, and the next one notes the idle time between', async () => {
    const file = join(dir, 'connection.log');
    const { phases, onConnection } = await load(file);
    const socket = {};
    const first = phases();
    const outgoing1 = Object.assign(new EventEmitter(), { socket });
    onConnection(first, { outgoing: outgoing1 });
    first.answered();
    outgoing1.emit('finish');
    const second = phases();
    const outgoing2 = Object.assign(new EventEmitter(), { socket });
    onConnection(second, { outgoing: outgoing2 });
    second.answered();
    outgoing2.emit('finish');
    const text = await fileText(file);
    expect(text).toMatch(/n=2 /);
    expect(text).toMatch(/answer\+\d+ written\+\d+ end\+\d+ \{"connection":\d+,"idle":\d+\}/);
    expect(text).toMatch(/connections 1\n/);
  });
  it('stops, saying so once, when its file cannot be written, instead of throwing from its timer', async () => {
    const gone = mkdtempSync(join(tmpdir(), 'strata-phases-gone-'));
    rmSync(gone, { recursive: true, force: true });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { phases } = await load(join(gone, 'phases.log'));
      for (let round = 0; round < 2; round++) {
        const timing = phases();
        timing.mark('auth');
        timing.answered();
        await new Promise((resolve) => setTimeout(resolve, 2_300));
      }
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0]![0])).toMatch(/STRATA_DATA_API_PHASES: stopped recording, .*phases\.log cannot be written/);
    } finally {
      errors.mockRestore();
    }
  }, 15_000);
});
