// Plain selectors of the new-organization form actor.
import type { SnapshotFrom } from 'xstate';
import type { CreateOrganizationMachine } from './create-organization.machine.ts';
import type { PlanOptionId } from '../src/domain/organizations.ts';

export type CreateOrganizationSnapshot = SnapshotFrom<CreateOrganizationMachine>;

export const selectName = (s: CreateOrganizationSnapshot): string => s.context.name;
export const selectPlan = (s: CreateOrganizationSnapshot): PlanOptionId => s.context.plan;
export const selectNameError = (s: CreateOrganizationSnapshot): string | null => s.context.nameError;
export const selectError = (s: CreateOrganizationSnapshot): string | null => s.context.error;
export const selectIsSubmitting = (s: CreateOrganizationSnapshot): boolean => s.hasTag('busy');
/** The slug to go on to (/new/{slug}) once the organization exists. */
export const selectCreatedSlug = (s: CreateOrganizationSnapshot): string | null => (s.status === 'done' ? s.context.slug : null);
