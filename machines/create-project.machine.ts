// The new-project form (spec A2.2 /new/{orgSlug}, A3 Postgres version, A7 available-versions and POST projects):
// loadingVersions → editing → submitting → created, or back to editing with the server's message verbatim.
// The form can be filled while the versions load; nothing typed is lost on any failure.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import {
  DEFAULT_CLOUD_PROVIDER,
  DEFAULT_REGION,
  validateNewProject,
  type NewProjectErrors,
  type NewProjectField,
  type NewProjectFields,
} from '../src/domain/new-project.ts';
import { defaultVersionValue, sortVersions, versionValue, type AvailableVersion } from '../src/domain/postgres-versions.ts';
import { errorMessage, notProvided } from './support.ts';

export type CreateProjectInput = { organizationSlug: string };

export type CreateProjectContext = NewProjectFields & {
  organizationSlug: string;
  /** Newest first (spec A3). */
  versions: AvailableVersion[];
  /** Why the versions could not be read; the platform's default version is used meanwhile. */
  versionsError: string | null;
  /** Messages of the last submit, per field; a field's message goes once its value is valid. */
  fieldErrors: NewProjectErrors;
  /** The server's message, verbatim. */
  error: string | null;
  /** The new project's ref, once created. */
  ref: string | null;
};

export type CreateProjectFormEditEvent = { type: 'form.edit'; field: NewProjectField; value: string };
export type CreateProjectFormSubmitEvent = { type: 'form.submit' };
export type CreateProjectVersionsRetryEvent = { type: 'versions.retry' };
export type CreateProjectEvent = CreateProjectFormEditEvent | CreateProjectFormSubmitEvent | CreateProjectVersionsRetryEvent;

export type LoadVersionsInput = { organizationSlug: string; provider: string; region: string };
export type SubmitProjectInput = { organizationSlug: string; fields: NewProjectFields };
export type CreatedProject = { ref: string };

const fieldsOf = (context: CreateProjectContext): NewProjectFields => ({
  name: context.name,
  password: context.password,
  region: context.region,
  version: context.version,
});

/** What the page does next (issue 15: emitted once, not a ref watched in an effect): open the new project's home. */
export type ProjectCreatedEmitted = { type: 'project.created'; ref: string };

export const createProjectMachine = setup({
  types: {} as {
    context: CreateProjectContext;
    events: CreateProjectEvent;
    input: CreateProjectInput;
    tags: 'busy' | 'error';
    output: CreatedProject;
    emitted: ProjectCreatedEmitted;
  },
  actors: {
    loadVersions: fromPromise<AvailableVersion[], LoadVersionsInput>(async () => notProvided('load versions')),
    createProject: fromPromise<CreatedProject, SubmitProjectInput>(async () => notProvided('create project')),
  },
  guards: {
    formInvalid: ({ context }) => Object.keys(validateNewProject(fieldsOf(context))).length > 0,
  },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, 'form.edit');
      const next = { ...fieldsOf(context), [event.field]: event.value };
      const stillWrong = validateNewProject(next)[event.field];
      const fieldErrors = { ...context.fieldErrors };
      if (fieldErrors[event.field] !== undefined) {
        if (stillWrong) fieldErrors[event.field] = stillWrong;
        else delete fieldErrors[event.field];
      }
      return { [event.field]: event.value, fieldErrors };
    }),
    storeVersions: assign(({ context }, params: { versions: AvailableVersion[] }) => {
      const versions = sortVersions(params.versions);
      // Keep a choice the user made while the list loaded when it is still offered.
      const kept = versions.some((version) => versionValue(version) === context.version);
      return { versions, versionsError: null, version: kept ? context.version : defaultVersionValue(versions) };
    }),
    storeVersionsFailure: assign({
      versionsError: (_, params: { error: unknown }) => errorMessage(params.error, 'The Postgres versions could not be loaded.'),
    }),
    storeFieldErrors: assign({ fieldErrors: ({ context }) => validateNewProject(fieldsOf(context)), error: null }),
    clearMessages: assign({ fieldErrors: {}, error: null }),
    storeFailure: assign({
      error: (_, params: { error: unknown }) => errorMessage(params.error, 'The project could not be created.'),
    }),
    storeCreated: assign({ ref: (_, params: { created: CreatedProject }) => params.created.ref }),
  },
}).createMachine({
  id: 'createProject',
  context: ({ input }) => ({
    organizationSlug: input.organizationSlug,
    name: '',
    password: '',
    region: DEFAULT_REGION,
    version: '',
    versions: [],
    versionsError: null,
    fieldErrors: {},
    error: null,
    ref: null,
  }),
  initial: 'loadingVersions',
  output: ({ context }) => ({ ref: context.ref ?? '' }),
  states: {
    loadingVersions: {
      tags: 'busy',
      // Typing never waits: edits are taken while versions load too (submitting disables the form).
      on: { 'form.edit': { actions: 'edit' } },
      invoke: {
        id: 'loadVersions',
        src: 'loadVersions',
        input: ({ context }) => ({ organizationSlug: context.organizationSlug, provider: DEFAULT_CLOUD_PROVIDER, region: context.region }),
        onDone: { target: 'editing', actions: { type: 'storeVersions', params: ({ event }) => ({ versions: event.output ?? [] }) } },
        onError: { target: 'editing', actions: { type: 'storeVersionsFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    editing: {
      initial: 'ready',
      states: {
        ready: {},
        invalid: { tags: 'error' },
        failed: { tags: 'error' },
      },
      on: {
        'form.edit': { actions: 'edit' },
        'versions.retry': { target: 'loadingVersions' },
        'form.submit': [
          { guard: 'formInvalid', target: '.invalid', actions: 'storeFieldErrors' },
          { target: 'submitting', actions: 'clearMessages' },
        ],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'createProject',
        src: 'createProject',
        input: ({ context }) => ({ organizationSlug: context.organizationSlug, fields: fieldsOf(context) }),
        onDone: { target: 'created', actions: { type: 'storeCreated', params: ({ event }) => ({ created: event.output }) } },
        onError: { target: 'editing.failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    created: { type: 'final', entry: emit(({ context }) => ({ type: 'project.created' as const, ref: context.ref ?? '' })) },
  },
});

export type CreateProjectMachine = typeof createProjectMachine;
