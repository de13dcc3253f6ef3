// Role impersonation (spec B2.7, B4): no role (acting as the member) → a postgrest role, or a postgres role
// resolved through a custom access-token hook. Shared by the SQL editor and the table editor of one project; the
// previous user searches are remembered per project (the `rememberSearches` action writes them).
import { assign, setup } from 'xstate';
import { rememberSearch, type ImpersonatedUser, type ImpersonationChoice, type PostgrestRole } from '../src/domain/impersonation.ts';
import { notProvided } from './support.ts';

export interface ImpersonationContext {
  choice: ImpersonationChoice;
  recentSearches: string[];
}

export interface ImpersonationInput {
  recentSearches: string[];
}

export interface ChoosePostgrestEvent { type: 'impersonation.postgrest'; role: PostgrestRole; user?: ImpersonatedUser }
export interface ChoosePostgresEvent {
  type: 'impersonation.postgres';
  role: string;
  schema: string;
  functionName: string;
  user?: ImpersonatedUser;
}
export interface ClearImpersonationEvent { type: 'impersonation.clear' }
/** A user search the member ran (remembered per project, spec B2.7). */
export interface UserSearchedEvent { type: 'impersonation.searched'; search: string }
export type ImpersonationEvent = ChoosePostgrestEvent | ChoosePostgresEvent | ClearImpersonationEvent | UserSearchedEvent;

export const roleImpersonationMachine = setup({
  types: {} as { context: ImpersonationContext; events: ImpersonationEvent; input: ImpersonationInput },
  actions: {
    rememberSearches: (_, _params: { searches: string[] }) => {
      notProvided('remember searches', 'action');
    },
  },
}).createMachine({
  id: 'roleImpersonation',
  context: ({ input }) => ({ choice: { type: 'none' }, recentSearches: input.recentSearches }),
  initial: 'none',
  on: {
    'impersonation.postgrest': {
      target: '.postgrest',
      actions: assign(({ event }) => ({ choice: { type: 'postgrest', role: event.role, user: event.user } as ImpersonationChoice })),
    },
    'impersonation.postgres': {
      target: '.postgres',
      actions: assign(({ event }) => ({
        choice: { type: 'postgres', role: event.role, schema: event.schema, functionName: event.functionName, user: event.user } as ImpersonationChoice,
      })),
    },
    'impersonation.clear': { target: '.none', actions: assign({ choice: { type: 'none' } }) },
    'impersonation.searched': {
      guard: ({ event }) => event.search.trim() !== '',
      actions: [
        assign(({ context, event }) => ({ recentSearches: rememberSearch(context.recentSearches, event.search) })),
        { type: 'rememberSearches', params: ({ context }) => ({ searches: context.recentSearches }) },
      ],
    },
  },
  states: {
    none: {},
    postgrest: {},
    postgres: {},
  },
});
