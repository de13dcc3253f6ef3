// The new-organization form (spec A2.2 /new, A3 Organization): editing → submitting → done, or back to editing
// with the server's message. What the user typed is kept on every failure.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { DEFAULT_PLAN, isPlanId, validateOrganizationName, type PlanOptionId } from '../src/domain/organizations.ts';
import { errorMessage, notProvided } from './support.ts';

export type CreateOrganizationField = 'name' | 'plan';

export type CreateOrganizationContext = {
  name: string;
  plan: PlanOptionId;
  /** The name's validation message (shown under the field). */
  nameError: string | null;
  /** The server's message, verbatim. */
  error: string | null;
  /** The new organization's slug, once created. */
  slug: string | null;
};

export type CreateOrganizationFormEditEvent = { type: 'form.edit'; field: CreateOrganizationField; value: string };
export type CreateOrganizationFormSubmitEvent = { type: 'form.submit' };
export type CreateOrganizationEvent = CreateOrganizationFormEditEvent | CreateOrganizationFormSubmitEvent;

export type CreateOrganizationRequest = { name: string; plan: PlanOptionId };
export type CreatedOrganization = { slug: string };
/** What the page does next (issue 15: emitted once, not a slug watched in an effect): go to the first project form. */
export type OrganizationCreatedEmitted = { type: 'organization.created'; slug: string };

export const createOrganizationMachine = setup({
  types: {} as {
    context: CreateOrganizationContext;
    events: CreateOrganizationEvent;
    tags: 'busy' | 'error';
    output: CreatedOrganization;
    emitted: OrganizationCreatedEmitted;
  },
  actors: {
    createOrganization: fromPromise<CreatedOrganization, CreateOrganizationRequest>(async () => notProvided('create organization')),
  },
  guards: {
    nameInvalid: ({ context }) => validateOrganizationName(context.name) !== null,
  },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, 'form.edit');
      if (event.field === 'plan') return isPlanId(event.value) ? { plan: event.value } : {};
      // A message from the last submit goes once the name is valid again.
      return { name: event.value, nameError: context.nameError && validateOrganizationName(event.value) };
    }),
    storeNameError: assign({ nameError: ({ context }) => validateOrganizationName(context.name), error: null }),
    clearMessages: assign({ nameError: null, error: null }),
    storeFailure: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error, 'The organization could not be created.') }),
    storeCreated: assign({ slug: (_, params: { output: CreatedOrganization }) => params.output?.slug ?? null }),
  },
}).createMachine({
  id: 'createOrganization',
  context: { name: '', plan: DEFAULT_PLAN, nameError: null, error: null, slug: null },
  initial: 'editing',
  output: ({ context }) => ({ slug: context.slug ?? '' }),
  states: {
    editing: {
      initial: 'ready',
      states: {
        ready: {},
        invalid: { tags: 'error' },
        failed: { tags: 'error' },
      },
      on: {
        'form.edit': { actions: 'edit' },
        'form.submit': [
          { guard: 'nameInvalid', target: '.invalid', actions: 'storeNameError' },
          { target: 'submitting', actions: 'clearMessages' },
        ],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'createOrganization',
        src: 'createOrganization',
        input: ({ context }) => ({ name: context.name.trim(), plan: context.plan }),
        onDone: { target: 'done', actions: { type: 'storeCreated', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'editing.failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final', entry: emit(({ context }) => ({ type: 'organization.created' as const, slug: context.slug ?? '' })) },
  },
});

export type CreateOrganizationMachine = typeof createOrganizationMachine;
