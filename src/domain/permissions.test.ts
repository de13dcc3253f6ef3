import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MEMBER_ROLES } from '../api/schemas/platformFields.ts';
import { STORAGE_WRITES, STORAGE_WRITE_PERMISSIONS, can, canWriteStorage, storageWriteRefused } from './permissions.ts';

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
    const actions = ['READ', 'UPDATE', 'INFRA_EXECUTE', 'BILLING_WRITE', 'CREATE', 'DELETE'] as const;
    const resources = ['service_api_keys', 'projects', 'queue_jobs.projects.initialize_or_resume', 'stripe.subscriptions', 'preview_branches', 'storage.buckets', 'storage.objects', 'storage.config'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...actions), fc.constantFrom(...resources), fc.nat(3), fc.nat(3), (action, resource, a, b) => {
        const [high, low] = a <= b ? [MEMBER_ROLES[a]!, MEMBER_ROLES[b]!] : [MEMBER_ROLES[b]!, MEMBER_ROLES[a]!];
        if (can(low, action, resource)) expect(can(high, action, resource)).toBe(true);
      }),
    );
  });
});

describe('storage writes (issue 14 item 4, spec B6 tooltips)', () => {
  it('lets developers and up write to storage, never a read-only member or a non-member', () => {
    for (const write of STORAGE_WRITES) {
      expect(MEMBER_ROLES.filter((role) => canWriteStorage(role, write))).toEqual(['owner', 'administrator', 'developer']);
      expect(canWriteStorage(undefined, write)).toBe(false);
    }
  });

  it('names each refused write with the spec pattern "You need additional permissions to …"', () => {
    for (const write of STORAGE_WRITES) expect(storageWriteRefused(write)).toMatch(/^You need additional permissions to [a-z]/);
    expect(storageWriteRefused('createBucket')).toBe('You need additional permissions to create buckets');
    expect(storageWriteRefused('upload')).toBe('You need additional permissions to upload files');
    // The settings text is the platform's own 403 text (server/storage/platformRoutes.ts).
    expect(storageWriteRefused('saveSettings')).toBe('You need additional permissions to change storage settings');
    expect(new Set(STORAGE_WRITES.map(storageWriteRefused)).size).toBe(STORAGE_WRITES.length);
  });

  it('is the same rule as can() on the storage resources', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STORAGE_WRITES), fc.constantFrom(...MEMBER_ROLES), (write, role) => {
        const { action, resource } = STORAGE_WRITE_PERMISSIONS[write];
        expect(canWriteStorage(role, write)).toBe(can(role, action, resource));
      }),
    );
    expect(can('read_only', 'READ', 'storage.objects')).toBe(true);
  });
});
