// The API docs panel's lifecycle (spec B2.5): language, keys shown or hidden, the two-level navigation (a section's
// page, then a resource of it with a back button) and 'Generate and download types' with its two toasts (B8).
import { assign, fromPromise, setup } from 'xstate';
import type { ApiDocsSectionId, SnippetLanguage } from '../src/domain/api-snippets.ts';
import { errorMessage, notProvidedStub } from './support.ts';

export interface ApiDocsInput {
  ref: string;
  /**
   * spec B6: keys can be revealed only when the user may read service_api_keys and the JWT secret is not being
   * updated (the caller decides from the project's permissions).
   */
  canRevealKeys: boolean;
  /** The schemas the types are generated for (the Data API's exposed schemas). */
  schemas: readonly string[];
  language?: SnippetLanguage;
}

export interface ApiDocsContext {
  ref: string;
  canRevealKeys: boolean;
  schemas: readonly string[];
  language: SnippetLanguage;
  keysShown: boolean;
  section: ApiDocsSectionId;
  /** The resource open at the second level (a table, function, bucket name); null on the section's own page. */
  resource: string | null;
  typesError: string | null;
}

export type ApiDocsEvent =
  | { type: 'language.set'; language: SnippetLanguage }
  | { type: 'keys.toggle' }
  | { type: 'section.open'; section: ApiDocsSectionId }
  | { type: 'resource.open'; resource: string }
  | { type: 'back' }
  | { type: 'types.generate' };

export interface GenerateTypesInput {
  ref: string;
  schemas: readonly string[];
}

export const apiDocsMachine = setup({
  types: {} as { context: ApiDocsContext; events: ApiDocsEvent; input: ApiDocsInput },
  actors: {
    /** Reads the types and hands the file to the browser as a download (src/actors/api-docs.ts). */
    generateTypes: fromPromise<void, GenerateTypesInput>(notProvidedStub('generate types')),
  },
  actions: {
    /** 'Successfully generated types! File is being downloaded' (B2.5, B8). */
    notifyTypesGenerated: notProvidedStub('notify types generated', 'action'),
    /** 'Failed to generate types: {message}' (B2.5, B8). */
    notifyTypesFailed: notProvidedStub('notify types failed', 'action'),
  },
  guards: {
    canRevealKeys: ({ context }) => context.canRevealKeys,
  },
}).createMachine({
  id: 'apiDocs',
  type: 'parallel',
  context: ({ input }) => ({
    ref: input.ref,
    canRevealKeys: input.canRevealKeys,
    schemas: input.schemas,
    language: input.language ?? 'js',
    keysShown: false,
    section: 'introduction',
    resource: null,
    typesError: null,
  }),
  on: {
    'language.set': { actions: assign({ language: ({ event }) => event.language }) },
    // Keys start masked ('Reveal API keys via dropdown in the header'); 'Show keys' / 'Hide keys' toggles them.
    'keys.toggle': { guard: 'canRevealKeys', actions: assign({ keysShown: ({ context }) => !context.keysShown }) },
  },
  states: {
    navigation: {
      initial: 'section',
      states: {
        /** First level: a section's page (the introduction at first). */
        section: {
          on: {
            'section.open': { target: 'section', actions: assign({ section: ({ event }) => event.section, resource: null }) },
            'resource.open': { target: 'resource', actions: assign({ resource: ({ event }) => event.resource }) },
          },
        },
        /** Second level: one resource, with the picker (another resource of the section) and the back button. */
        resource: {
          on: {
            'resource.open': { target: 'resource', actions: assign({ resource: ({ event }) => event.resource }) },
            back: { target: 'section', actions: assign({ resource: null }) },
            'section.open': { target: 'section', actions: assign({ section: ({ event }) => event.section, resource: null }) },
          },
        },
      },
    },
    types: {
      initial: 'idle',
      states: {
        idle: { on: { 'types.generate': 'generating' } },
        generating: {
          invoke: {
            id: 'generateTypes',
            src: 'generateTypes',
            input: ({ context }) => ({ ref: context.ref, schemas: context.schemas }),
            onDone: { target: 'idle', actions: [assign({ typesError: null }), 'notifyTypesGenerated'] },
            onError: {
              target: 'idle',
              actions: [assign({ typesError: ({ event }) => errorMessage(event.error) }), 'notifyTypesFailed'],
            },
          },
        },
      },
    },
  },
});
