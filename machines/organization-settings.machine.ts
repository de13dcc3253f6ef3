// Organization settings (spec A2.2 /org/{slug}/general): rename the organization, or delete it after the typed
// confirmation (spec A5). Deleting is for owners; the platform enforces it and its message is shown verbatim.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { ORGANIZATION_MESSAGES, validateOrganizationName } from '../src/domain/organizations.ts';
import { errorMessage, notProvided } from './support.ts';

export type OrganizationSettingsInput = { slug: string; name: string };

export type OrganizationSettingsContext = {
  slug: string;
  /** The name being edited. */
  name: string;
  /** The name the platform holds. */
  savedName: string;
  /** The rename form's message: validation or the server's. */
  renameError: string | null;
  /** The server's message when deleting failed (e.g. 403 for non-owners, 409 while projects remain). */
  deleteError: string | null;
};

export type OrganizationNameEditEvent = { type: 'name.edit'; value: string };
export type OrganizationRenameSubmitEvent = { type: 'rename.submit' };
export type OrganizationDeleteConfirmEvent = { type: 'delete.confirm' };
export type OrganizationDeleteDismissEvent = { type: 'delete.dismiss' };
export type OrganizationLoadedEvent = { type: 'organization.loaded'; name: string };
export type OrganizationSettingsEvent =
  | OrganizationNameEditEvent
  | OrganizationRenameSubmitEvent
  | OrganizationDeleteConfirmEvent
  | OrganizationDeleteDismissEvent
  | OrganizationLoadedEvent;

/**
 * What the page does next (issue 15: emitted, not watched as flags): a saved name is toasted and the route data
 * reloaded; a refused delete closes the modal so the message shows on the page; a deleted organization is left.
 */
export type OrganizationSettingsEmitted =
  | { type: 'organization.renamed'; name: string }
  | { type: 'organization.deleteFailed'; message: string }
  | { type: 'organization.deleted' };

export type RenameOrganizationInput = { slug: string; name: string };
export type DeleteOrganizationInput = { slug: string };

/** The message a rename would get, or null when it may be sent. */
export function renameProblem(context: Pick<OrganizationSettingsContext, 'name' | 'savedName'>): string | null {
  return validateOrganizationName(context.name) ?? (context.name.trim() === context.savedName ? ORGANIZATION_MESSAGES.nameUnchanged : null);
}

export const organizationSettingsMachine = setup({
  types: {} as {
    context: OrganizationSettingsContext;
    events: OrganizationSettingsEvent;
    input: OrganizationSettingsInput;
    emitted: OrganizationSettingsEmitted;
    tags: 'busy' | 'error';
  },
  actors: {
    renameOrganization: fromPromise<{ name: string }, RenameOrganizationInput>(async () => notProvided('rename organization')),
    deleteOrganization: fromPromise<void, DeleteOrganizationInput>(async () => notProvided('delete organization')),
  },
  guards: {
    renameInvalid: ({ context }) => renameProblem(context) !== null,
    // A reload must not overwrite what the user is typing: adopt it only while the field is untouched.
    untouched: ({ context }) => context.name === context.savedName,
  },
  actions: {
    edit: assign(({ event }) => {
      assertEvent(event, 'name.edit');
      return { name: event.value, renameError: null };
    }),
    storeRenameProblem: assign({ renameError: ({ context }) => renameProblem(context) }),
    clearMessages: assign({ renameError: null, deleteError: null }),
    storeRenamed: assign(({ context }, params: { output: { name?: string } | undefined }) => {
      const saved = params.output?.name ?? context.name.trim();
      return { savedName: saved, name: saved };
    }),
    storeRenameFailure: assign({
      renameError: (_, params: { error: unknown }) => errorMessage(params.error, 'The organization could not be renamed.'),
    }),
    storeDeleteFailure: assign({
      deleteError: (_, params: { error: unknown }) => errorMessage(params.error, 'The organization could not be deleted.'),
    }),
    dismissDeleteError: assign({ deleteError: null }),
    adoptLoadedName: assign(({ event }) => {
      assertEvent(event, 'organization.loaded');
      return { name: event.name, savedName: event.name };
    }),
  },
}).createMachine({
  id: 'organizationSettings',
  context: ({ input }) => ({ slug: input.slug, name: input.name, savedName: input.name, renameError: null, deleteError: null }),
  initial: 'idle',
  states: {
    idle: {
      initial: 'ready',
      states: {
        ready: {},
        saved: {},
        renameFailed: { tags: 'error' },
        deleteFailed: {
          tags: 'error',
          on: { 'delete.dismiss': { target: 'ready', actions: 'dismissDeleteError' } },
        },
      },
      on: {
        'name.edit': { target: '.ready', actions: 'edit' },
        'organization.loaded': { guard: 'untouched', actions: 'adoptLoadedName' },
        'rename.submit': [
          { guard: 'renameInvalid', target: '.renameFailed', actions: 'storeRenameProblem' },
          { target: 'renaming', actions: 'clearMessages' },
        ],
        'delete.confirm': { target: 'deleting', actions: 'clearMessages' },
      },
    },
    renaming: {
      tags: 'busy',
      invoke: {
        id: 'renameOrganization',
        src: 'renameOrganization',
        input: ({ context }) => ({ slug: context.slug, name: context.name.trim() }),
        onDone: {
          target: 'idle.saved',
          actions: [
            { type: 'storeRenamed', params: ({ event }) => ({ output: event.output }) },
            emit(({ context }) => ({ type: 'organization.renamed' as const, name: context.savedName })),
          ],
        },
        onError: { target: 'idle.renameFailed', actions: { type: 'storeRenameFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteOrganization',
        src: 'deleteOrganization',
        input: ({ context }) => ({ slug: context.slug }),
        onDone: { target: 'deleted' },
        onError: {
          target: 'idle.deleteFailed',
          actions: [
            { type: 'storeDeleteFailure', params: ({ event }) => ({ error: event.error }) },
            emit(({ context }) => ({ type: 'organization.deleteFailed' as const, message: context.deleteError ?? '' })),
          ],
        },
      },
    },
    deleted: { type: 'final', entry: emit({ type: 'organization.deleted' }) },
  },
});

export type OrganizationSettingsMachine = typeof organizationSettingsMachine;
