import { describe, expect, it } from 'vitest';
import { serialJobs } from './background.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background jobs (one lane)', () => {
  it('never runs two jobs at once, so background work holds at most one platform connection', async () => {
    const lines: string[] = [];
    const jobs = serialJobs((line) => lines.push(line));
    let active = 0;
    let most = 0;
    const runs: Record<string, number> = { a: 0, b: 0, c: 0 };
    const job = (name: string) => async () => {
      active++;
      most = Math.max(most, active);
      runs[name]!++;
      await sleep(15);
      active--;
    };
    // All three start at once and every 5 ms, as the platform's jobs do at start-up.
    jobs.every('a', 5, job('a'), true);
    jobs.every('b', 5, job('b'), true);
    jobs.every('c', 5, job('c'), true);
    await sleep(250);
    await jobs.stop();
    expect(most).toBe(1);
    expect(active).toBe(0);
    // Each job keeps its turn: none is starved by the others.
    for (const name of ['a', 'b', 'c']) expect(runs[name]).toBeGreaterThanOrEqual(2);
    // A job is skipped while a run of it is queued: within 250 ms of 15 ms runs, at most ~17 runs in all, not 150.
    expect(runs.a! + runs.b! + runs.c!).toBeLessThanOrEqual(18);
    expect(lines).toEqual([]);
  });

  it('logs a failure once per kind of error and goes on with the other jobs', async () => {
    const lines: string[] = [];
    const jobs = serialJobs((line) => lines.push(line));
    let fine = 0;
    jobs.every('broken', 5, async () => {
      throw new Error('relation "x" does not exist');
    }, true);
    jobs.every('fine', 5, async () => {
      fine++;
    }, true);
    await sleep(60);
    await jobs.stop();
    expect(lines).toEqual(['Background broken failed: relation "x" does not exist']);
    expect(fine).toBeGreaterThanOrEqual(2);
  });

  it('stop waits for the running job and starts no queued one', async () => {
    const jobs = serialJobs(() => {});
    let finished = false;
    let startedAfterStop = false;
    let stopping = false;
    jobs.every('slow', 1000, async () => {
      await sleep(40);
      finished = true;
    }, true);
    jobs.every('queued', 1000, async () => {
      if (stopping) startedAfterStop = true;
    }, true);
    await sleep(5); // the slow job is running, the other one waits in the lane
    stopping = true;
    await jobs.stop();
    expect(finished).toBe(true);
    expect(startedAfterStop).toBe(false);
  });
});
