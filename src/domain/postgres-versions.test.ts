import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  defaultVersionValue,
  parseVersionValue,
  sortVersions,
  versionLabel,
  versionNumber,
  versionValue,
  type AvailableVersion,
} from './postgres-versions.ts';

const v = (version: string, release_channel = 'ga', postgres_engine = version.split('.')[0]!.replace(/\D/g, '')): AvailableVersion => ({
  version: `strata-postgres-${version}`,
  release_channel,
  postgres_engine,
});

describe('Postgres versions (spec A3)', () => {
  it('the selection value is engine|channel, and parses back', () => {
    expect(versionValue(v('15.8'))).toBe('15|ga');
    expect(parseVersionValue('17-oriole|preview')).toEqual({ postgres_engine: '17-oriole', release_channel: 'preview' });
    for (const bad of ['', '15', '|ga', '15|', '15|ga|x']) expect(parseVersionValue(bad)).toBeNull();
  });

  it('removes the product prefix and the orioledb suffix', () => {
    expect(versionNumber('strata-postgres-15.8.1.040')).toBe('15.8.1.040');
    expect(versionNumber('strata-postgres-17.0.1-orioledb')).toBe('17.0.1');
    expect(versionNumber('15.1')).toBe('15.1');
  });

  it('sorts newest first, ga before other channels of the same version, and prefers ga by default', () => {
    const versions = [v('15.8'), v('17.4', 'preview'), v('16.2'), v('15.10'), v('17.4')];
    expect(sortVersions(versions).map(versionValue)).toEqual(['17|ga', '17|preview', '16|ga', '15|ga']);
    expect(sortVersions(versions).map((x) => x.version)).toEqual([
      'strata-postgres-17.4', 'strata-postgres-17.4', 'strata-postgres-16.2', 'strata-postgres-15.10',
    ]);
    expect(defaultVersionValue([v('18.0', 'alpha'), v('17.4')])).toBe('17|ga');
    expect(defaultVersionValue([v('18.0', 'alpha')])).toBe('18|alpha');
    expect(defaultVersionValue([])).toBe('');
  });

  it('labels', () => {
    expect(versionLabel(v('15.8'))).toBe('Postgres 15.8');
    expect(versionLabel({ version: 'strata-postgres-17.0.1-orioledb', release_channel: 'preview', postgres_engine: '17-oriole' })).toBe(
      'Postgres 17.0.1 (OrioleDB) — preview',
    );
  });

  it('sorting is a descending, duplicate-free permutation', () => {
    const arb = fc.array(
      fc.record({
        version: fc.tuple(fc.integer({ min: 12, max: 18 }), fc.integer({ min: 0, max: 20 })).map(([a, b]) => `strata-postgres-${a}.${b}`),
        release_channel: fc.constantFrom('ga', 'preview', 'alpha'),
        postgres_engine: fc.constantFrom('15', '16', '17', '17-oriole'),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(arb, (versions) => {
        const sorted = sortVersions(versions);
        const values = sorted.map(versionValue);
        expect(new Set(values).size).toBe(values.length);
        expect(new Set(values)).toEqual(new Set(versions.map(versionValue)));
        const major = (x: AvailableVersion) => Number(versionNumber(x.version).split('.')[0]);
        for (let i = 1; i < sorted.length; i++) expect(major(sorted[i - 1]!)).toBeGreaterThanOrEqual(major(sorted[i]!));
        const preferred = defaultVersionValue(versions);
        if (versions.some((x) => x.release_channel === 'ga')) expect(preferred.endsWith('|ga')).toBe(true);
      }),
    );
  });
});
