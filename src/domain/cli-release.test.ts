import { describe, expect, it } from 'vitest';
import { cliBadge, compareVersions, newestReleases, nextReleaseEstimate } from './cli-release.ts';

describe('command-line-tool badge (spec A4.7)', () => {
  it("'Beta' when current is newer, 'Update available' when older, else 'Latest'", () => {
    expect(cliBadge({ current: 'v1.3.0', latest: 'v1.2.9' })).toBe('Beta');
    expect(cliBadge({ current: 'v1.2.0', latest: 'v1.10.0' })).toBe('Update available');
    expect(cliBadge({ current: 'v1.2.0', latest: 'v1.2.0' })).toBe('Latest');
    expect(cliBadge({ current: 'v1.2.0', latest: null })).toBe('Latest');
  });
  it('compares numerically, pre-releases before their release', () => {
    expect(compareVersions('v1.10.0', 'v1.9.9')).toBe(1);
    expect(compareVersions('1.0.0-beta.1', 'v1.0.0')).toBe(-1);
    expect(compareVersions('nonsense', 'v1.0.0')).toBeNull();
  });
  it('next release at published_at + 14 days (C§9)', () => {
    expect(nextReleaseEstimate('2026-11-23T00:00:00Z')?.toISOString()).toBe('2026-12-07T00:00:00.000Z');
    expect(nextReleaseEstimate(null)).toBeNull();
  });
  it('newest stable and pre-release', () => {
    expect(newestReleases([{ version: 'v0.9.0', published_at: 'a' }, { version: 'v0.10.0', published_at: 'b' }, { version: 'v0.11.0-rc.1', published_at: 'c', prerelease: true }])).toEqual({
      latest: 'v0.10.0',
      published_at: 'b',
      beta: 'v0.11.0-rc.1',
    });
  });
});
