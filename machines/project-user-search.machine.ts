// The user search of the role picker (spec B2.7, issue 14): the project's auth users matching what the member types,
// searched once typing pauses (`searchDebounce`). Every keystroke restarts the wait, and a search still running for
// older text is stopped with the state that invoked it, so its answer never lands. The first search runs at once:
// the newest users (no text), or the users matching the current choice when the picker reopens.
import { assign, fromPromise, setup } from 'xstate';
import { USER_SEARCH_DEBOUNCE_MS, type ProjectUser } from '../src/domain/project-users.ts';
import { errorMessage, notProvidedStub } from './support.ts';

export interface ProjectUserSearchContext {
  /** The text as typed (the field's own text: a failure does not change it). */
  text: string;
  /** The users found for `listedFor`, kept while the next search waits or runs. */
  users: ProjectUser[];
  /** The trimmed text `users` answer; null before the first answer and after a failure. */
  listedFor: string | null;
  /** The last search's failure (read it only while failed). */
  error: string | null;
}

export interface ProjectUserSearchInput {
  text: string;
}

/** The member typed in the field (or picked a previous search). */
export interface UserSearchTypedEvent {
  type: 'search.typed';
  text: string;
}
/** Searches the same text again after a failure. */
export interface UserSearchRetryEvent {
  type: 'search.retry';
}
export type ProjectUserSearchEvent = UserSearchTypedEvent | UserSearchRetryEvent;

export interface SearchUsersInput {
  /** Trimmed; '' asks for the newest users. */
  text: string;
}

export const projectUserSearchMachine = setup({
  types: {} as {
    context: ProjectUserSearchContext;
    events: ProjectUserSearchEvent;
    input: ProjectUserSearchInput;
    tags: 'busy' | 'error';
  },
  actors: {
    searchUsers: fromPromise<ProjectUser[], SearchUsersInput>(notProvidedStub('search users')),
  },
  delays: {
    searchDebounce: USER_SEARCH_DEBOUNCE_MS,
  },
  guards: {
    /** The settled text is the one listed (a space typed and removed): nothing to search. */
    alreadyListed: ({ context }) => context.text.trim() === context.listedFor,
  },
}).createMachine({
  id: 'projectUserSearch',
  context: ({ input }) => ({ text: input.text, users: [], listedFor: null, error: null }),
  initial: 'searching',
  on: {
    'search.typed': {
      target: '.debouncing',
      reenter: true,
      actions: assign({ text: ({ event }) => event.text }),
    },
  },
  states: {
    debouncing: {
      // Busy: the list on screen answers older text until the search settles.
      tags: ['busy'],
      after: {
        searchDebounce: [{ guard: 'alreadyListed', target: 'listed' }, { target: 'searching' }],
      },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'searchUsers',
        src: 'searchUsers',
        input: ({ context }) => ({ text: context.text.trim() }),
        onDone: {
          target: 'listed',
          actions: assign(({ context, event }) => ({ users: event.output, listedFor: context.text.trim(), error: null })),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ users: [], listedFor: null, error: errorMessage(event.error, 'The users could not be searched.') })),
        },
      },
    },
    listed: {},
    failed: {
      tags: ['error'],
      on: { 'search.retry': { target: 'searching' } },
    },
  },
});

export type ProjectUserSearchMachine = typeof projectUserSearchMachine;
