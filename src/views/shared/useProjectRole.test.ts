import { beforeEach, describe, expect, it, vi } from 'vitest';

const fetchPermissions = vi.fn();
vi.mock('../../api/project-lifecycle.ts', () => ({ fetchPermissions: () => fetchPermissions() }));

const { clearPermissions, loadPermissions, roleIn } = await import('./useProjectRole.ts');

const memberships = [
  { organization_id: 1, organization_slug: 'acme', role: 'owner' as const },
  { organization_id: 2, organization_slug: 'globex', role: 'read_only' as const },
];

describe('the project role (spec A6)', () => {
  beforeEach(() => {
    clearPermissions();
    fetchPermissions.mockReset();
  });

  it('is the role in the project organization, by slug or id; unknown otherwise', () => {
    expect(roleIn(memberships, { organization_id: 9, organization_slug: 'acme' })).toBe('owner');
    expect(roleIn(memberships, { organization_id: 2 })).toBe('read_only');
    expect(roleIn(memberships, { organization_id: '2' })).toBe('read_only');
    expect(roleIn(memberships, { organization_id: 3, organization_slug: 'initech' })).toBeUndefined();
    expect(roleIn(undefined, { organization_id: 1 })).toBeUndefined();
  });

  it('reads the memberships once a minute, and again after a failure', async () => {
    fetchPermissions.mockResolvedValue(memberships);
    const t = 1_000_000;
    await loadPermissions(t);
    await loadPermissions(t + 30_000);
    expect(fetchPermissions).toHaveBeenCalledTimes(1);
    await loadPermissions(t + 61_000);
    expect(fetchPermissions).toHaveBeenCalledTimes(2);

    clearPermissions();
    fetchPermissions.mockRejectedValueOnce(new Error('offline'));
    await expect(loadPermissions(t)).rejects.toThrow('offline');
    await Promise.resolve();
    fetchPermissions.mockResolvedValue(memberships);
    await expect(loadPermissions(t + 1)).resolves.toEqual(memberships);
    expect(fetchPermissions).toHaveBeenCalledTimes(4);
  });
});
