// Names derived from a project ref: its database and roles on the shared cluster (DESIGN §5).
import { randomInt } from 'node:crypto';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A project ref: 20 random lowercase letters (spec A3 ref). */
export function newProjectRef(): string {
  let ref = '';
  for (let i = 0; i < 20; i++) ref += LETTERS[randomInt(LETTERS.length)];
  return ref;
}

/** The fixed ref of the project self-hosted mode creates for the local user (spec A2.2 /project/default). */
export const DEFAULT_PROJECT_REF = 'default';

export function randomLetters(count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += LETTERS[randomInt(LETTERS.length)];
  return text;
}

/** The project's own database. */
export const projectDatabase = (ref: string) => `project_${ref}`;
/** Owner of the project database; logs in with the password the user chose (psql, apps). */
export const ownerRole = (ref: string) => `strata_${ref}`;
/** The platform's way into the project database (SQL endpoint); a member of the owner role, never superuser. */
export const apiRole = (ref: string) => `strata_${ref}_api`;

/** Cluster-wide API roles shared by every project database (created when missing). */
export const SHARED_API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
