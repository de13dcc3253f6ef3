import { describe, expect, it } from 'vitest';
import { displayPostgresVersion, projectComputeSize } from './projects.ts';

describe('project display rules (spec A3)', () => {
  it('removes the product prefix from dbVersion', () => {
    expect(displayPostgresVersion('strata-postgres-15.18')).toBe('15.18');
    expect(displayPostgresVersion('strata-postgres-17.4.1-orioledb')).toBe('17.4.1-orioledb');
    expect(displayPostgresVersion('15.1')).toBe('15.1');
    expect(displayPostgresVersion(undefined)).toBeUndefined();
  });
  it('takes the compute size of the database whose identifier equals the ref', () => {
    const project = {
      ref: 'abc',
      databases: [
        { identifier: 'abc-rr-1', infra_compute_size: 'ci_large' },
        { identifier: 'abc', infra_compute_size: 'ci_micro' },
      ],
    };
    expect(projectComputeSize(project)).toBe('ci_micro');
    expect(projectComputeSize({ ref: 'x', databases: [] })).toBeUndefined();
  });
});
