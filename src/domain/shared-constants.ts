// Constants of the platform API that the console's first load needs (route guards, permissions) and the request
// schemas of src/api/schemas (shared with the server) validate with. They live here, without zod, so that reading
// one of them does not load a schema module and zod with it (issue 15: zod off the critical path); the schema
// modules re-export them.

// spec A6: member roles, most to least privileged.
export const MEMBER_ROLES = ['owner', 'administrator', 'developer', 'read_only'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A snippet id (issue 7): a UUID, lowercase. */
export const SNIPPET_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A project ref (spec A3): 20 lowercase letters. The self-hosted home's ref is 'default' (server/projects/names.ts). */
export const PROJECT_REF_PATTERN = /^[a-z]{20}$/;

/** An organization slug. */
export const ORG_SLUG_PATTERN = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;
