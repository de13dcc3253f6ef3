import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MEMBER_ROLES } from '../api/schemas/platformFields.ts';
import { can } from './permissions.ts';

describe('can (spec A6)', () => {
  it('lets administrators and owners delete and resume projects, nobody else', () => {
    expect(MEMBER_ROLES.filter((role) => can(role, 'UPDATE', 'projects'))).toEqual(['owner', 'administrator']);
    expect(MEMBER_ROLES.filter((role) => can(role, 'INFRA_EXECUTE', 'queue_jobs.projects.initialize_or_resume'))).toEqual([
      'owner',
      'administrator',
    ]);
  });

  it('shows the secret keys to developers and up', () => {
    expect(can('developer', 'READ', 'service_api_keys')).toBe(true);
    expect(can('read_only', 'READ', 'service_api_keys')).toBe(false);
  });

  it('refuses everything without a role', () => {
    expect(can(undefined, 'READ', 'projects')).toBe(false);
    expect(can(null, 'UPDATE', 'projects')).toBe(false);
  });

  it('is monotone: a higher role may do whatever a lower one may', () => {
    const actions = ['READ', 'UPDATE', 'INFRA_EXECUTE', 'BILLING_WRITE', 'CREATE'] as const;
    const resources = ['service_api_keys', 'projects', 'queue_jobs.projects.initialize_or_resume', 'stripe.subscriptions', 'preview_branches'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...actions), fc.constantFrom(...resources), fc.nat(3), fc.nat(3), (action, resource, a, b) => {
        const [high, low] = a <= b ? [MEMBER_ROLES[a]!, MEMBER_ROLES[b]!] : [MEMBER_ROLES[b]!, MEMBER_ROLES[a]!];
        if (can(low, action, resource)) expect(can(high, action, resource)).toBe(true);
      }),
    );
  });
});
