// Field schemas shared by the platform API's request schemas (server/ validates with them; the console may too).
// Plain zod, no node imports. Messages read after the field name: "name must not be empty".
import { z } from 'zod';
import { PROJECT_STATUSES } from '../../domain/navigation/project-status.ts';
import { ORG_SLUG_PATTERN, PROJECT_REF_PATTERN } from '../../domain/shared-constants.ts';

export { PROJECT_STATUSES };
// The ref and slug patterns live with the console's first-load constants (no zod there); re-exported for the server.
export { ORG_SLUG_PATTERN, PROJECT_REF_PATTERN };

// spec A4.1: the statuses are listed once, in src/domain/navigation/project-status.ts.
export const projectStatusSchema = z.enum(PROJECT_STATUSES);

// spec A3 Organization.plan.id
export const PLAN_IDS = ['free', 'pro', 'team', 'enterprise'] as const;
export const planIdSchema = z.enum(PLAN_IDS);

// spec A6: member roles, most to least privileged (in a zod-free module: the console's permissions read them on
// its first load).
export { MEMBER_ROLES, type MemberRole } from '../../domain/shared-constants.ts';

/** Postgres text cannot hold NUL, and jsonb refuses lone surrogates: such input is a 400, not a 500. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const storableString = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), { error: 'must not contain NUL characters' })
    .refine((s) => !LONE_SURROGATE.test(s), { error: 'must be valid Unicode text' });

/** A display name: trimmed, non-empty. */
export const displayNameSchema = (max = 256) => storableString(max).trim().min(1);

export const projectRefSchema = z.string().regex(PROJECT_REF_PATTERN, { error: 'must be a project ref (20 lowercase letters)' });

export const orgSlugSchema = z.string().regex(ORG_SLUG_PATTERN, { error: 'must be an organization slug' });

/** Query values: an empty value means "not given" (spec A7: search and statuses are omitted when empty). */
export const optionalQuery = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A comma-joined query value (spec A7 statuses). */
export const commaList = <S extends z.ZodType>(item: S) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== '')
        : value,
    z.array(item).max(100),
  );
