// What the policy editor's view reads (machines/policy-editor.machine.ts).
import type { SnapshotFrom } from 'xstate';
import type { PolicyDraft } from '../src/domain/auth-policies.ts';
import type { PolicyEditorMachine } from './policy-editor.machine.ts';

type Snapshot = SnapshotFrom<PolicyEditorMachine>;

export const selectPolicyDraft = (s: Snapshot): PolicyDraft => s.context.draft;
/** The SQL shown in the review (and running while saving); null on the form. */
export const selectPolicySql = (s: Snapshot): string | null => (s.matches('reviewing') || s.matches('saving') ? s.context.sql : null);
export const selectPolicyError = (s: Snapshot): string | null => (s.matches('editing') ? s.context.error : null);
export const selectPolicySaving = (s: Snapshot): boolean => s.hasTag('busy');
export const selectPolicyIsEdit = (s: Snapshot): boolean => s.context.origin !== null;
