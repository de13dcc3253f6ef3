import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import { compareRanked, readDurations } from '../vitest.sequencer.ts';

// The order vitest.sequencer.ts gives a run's files (vitest.config.ts): vitest's own rules first, then the longest.
function spec(project: string, file: string, options: { groupOrder?: number; isolate?: boolean } = {}) {
  return {
    moduleId: file,
    project: { name: project, config: { sequence: { groupOrder: options.groupOrder ?? 0 }, isolate: options.isolate ?? true } },
  } as unknown as TestSpecification;
}

function order(items: { spec: TestSpecification; failed?: boolean; duration?: number }[]): string[] {
  return items
    .map((item) => ({ spec: item.spec, failed: item.failed ?? false, duration: item.duration }))
    .sort(compareRanked)
    .map((item) => `${item.spec.project.name}:${item.spec.moduleId}`);
}

describe('the test file order', () => {
  it('runs the longest first within a project, unknown files before known ones, failed ones before both', () => {
    expect(
      order([
        { spec: spec('server', 'short'), duration: 1_000 },
        { spec: spec('server', 'long'), duration: 30_000 },
        { spec: spec('server', 'new') },
        { spec: spec('server', 'failed'), failed: true, duration: 10 },
      ]),
    ).toEqual(['server:failed', 'server:new', 'server:long', 'server:short']);
  });

  it('keeps vitest rules above durations: group order, projects one after another, isolated projects first', () => {
    expect(
      order([
        { spec: spec('alone', 'a', { groupOrder: 1 }), duration: 99_000 },
        { spec: spec('unit', 'u'), duration: 50_000 },
        { spec: spec('machines', 'm', { isolate: false }), duration: 1 },
        { spec: spec('machines', 'i'), duration: 1 },
      ]),
    ).toEqual(['machines:i', 'machines:m', 'unit:u', 'alone:a']);
  });

  it('reads the kept durations, and none from a missing or broken file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'durations-'));
    writeFileSync(join(dir, 'ok.json'), '{"server:server/a.test.ts": 1200}');
    writeFileSync(join(dir, 'bad.json'), '{');
    expect(readDurations(join(dir, 'ok.json'))).toEqual({ 'server:server/a.test.ts': 1200 });
    expect(readDurations(join(dir, 'bad.json'))).toEqual({});
    expect(readDurations(join(dir, 'missing.json'))).toEqual({});
  });

  it('keeps the durations of a whole run in the repository', () => {
    const kept = Object.keys(readDurations()).map((key) => key.slice(key.indexOf(':') + 1));
    expect(kept.length).toBeGreaterThan(300);
    expect(kept).toContain('server/cluster/processes.test.ts');
  });
});
