// The member role in a project's organization (spec A6), from GET /api/platform/profile/permissions.
// A tiny cached read, not a third data mechanism (DESIGN §3): route loaders call `loadPermissions()` so the
// role is there on first render; components rendered outside those routes (the paused card, the failure
// screens' delete modal) read the same cache, which loads itself once when empty or older than a minute.
import { useEffect, useSyncExternalStore } from 'react';
import { fetchPermissions, type OrganizationPermission } from '../../api/project-lifecycle.ts';
import type { MemberRole } from '../../api/schemas/platformFields.ts';
import type { Project } from '../../api/types.ts';
import { ORGANIZATIONS_STALE_MS } from '../../domain/cache.ts';

type Entry = { at: number; promise: Promise<OrganizationPermission[]>; value: OrganizationPermission[] | undefined };
let entry: Entry | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The user's memberships; re-read once the cached answer is older than ORGANIZATIONS_STALE_MS. */
export function loadPermissions(now = Date.now()): Promise<OrganizationPermission[]> {
  if (entry && now - entry.at < ORGANIZATIONS_STALE_MS) return entry.promise;
  const current: Entry = { at: now, promise: fetchPermissions(), value: entry?.value };
  entry = current;
  current.promise.then(
    (value) => {
      current.value = value;
      notify();
    },
    () => {
      // A failed read is not cached: the next caller asks again. Until then the role is unknown (controls stay off).
      if (entry === current) entry = null;
    },
  );
  return current.promise;
}

/** Forget the memberships (sign-out, or a role just changed). */
export function clearPermissions(): void {
  entry = null;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => entry?.value;

/** The role in the organization of `project`; undefined while unknown (treated as no permission). */
export function roleIn(permissions: readonly OrganizationPermission[] | undefined, project: Pick<Project, 'organization_id' | 'organization_slug'>): MemberRole | undefined {
  return permissions?.find(
    (p) => (project.organization_slug && p.organization_slug === project.organization_slug) || String(p.organization_id) === String(project.organization_id),
  )?.role;
}

export function useProjectRole(project: Pick<Project, 'organization_id' | 'organization_slug'>): MemberRole | undefined {
  const permissions = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    loadPermissions().catch(() => undefined);
  }, []);
  return roleIn(permissions, project);
}
