import { describe, expect, it } from 'vitest';
import { databaseOptions, idSuffix, REPLICA_COMING_UP, REPLICA_UNHEALTHY, showCreateReplica } from './database-picker.ts';

describe('database picker (spec B2.3)', () => {
  it('lists the primary first, then replicas labelled by region and id suffix, unhealthy ones unavailable', () => {
    const options = databaseOptions('abc', [
      { identifier: 'abc-rr-eu-x7k2', region: 'eu-west-1', status: 'COMING_UP' },
      { identifier: 'abc', region: 'local', status: 'ACTIVE_HEALTHY' },
      { identifier: 'abc-rr-us-9q1z', region: 'us-east-1', status: 'INIT_READ_REPLICA_FAILED' },
      { identifier: 'abc-rr-ap-0001', region: 'ap-south-1', status: 'ACTIVE_HEALTHY' },
      { identifier: 'abc-rr-ap-0002', region: 'ap-south-1', status: 'INIT_READ_REPLICA' },
    ]);
    expect(options.map((o) => [o.label, o.unavailable])).toEqual([
      ['Primary database', null],
      ['Read replica (eu-west-1 - x7k2)', REPLICA_COMING_UP],
      ['Read replica (us-east-1 - 9q1z)', REPLICA_UNHEALTHY],
      ['Read replica (ap-south-1 - 0001)', null],
      ['Read replica (ap-south-1 - 0002)', REPLICA_COMING_UP],
    ]);
  });

  it('always offers the primary, even with no databases listed', () => {
    expect(databaseOptions('abc', undefined)).toEqual([{ identifier: 'abc', label: 'Primary database', isPrimary: true, unavailable: null }]);
    expect(idSuffix('plain')).toBe('plain');
    expect(showCreateReplica('platform', true)).toBe(true);
    expect(showCreateReplica('self-hosted', true)).toBe(false);
    expect(showCreateReplica('platform', false)).toBe(false);
  });
});
