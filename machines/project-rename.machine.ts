// Renaming a project (project settings → General, spec A2.5; PATCH /platform/projects/{ref}). The name rule is the
// one of creating a project; the platform checks it again with the role (A6: UPDATE on projects) and its message is
// shown verbatim.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { NEW_PROJECT_MESSAGES, validateProjectName } from '../src/domain/new-project.ts';
import { errorMessage, notProvidedStub } from './support.ts';

export type ProjectRenameInput = { ref: string; name: string };
export type ProjectRenameContext = {
  ref: string;
  /** The name being edited. */
  name: string;
  /** The name the platform holds. */
  savedName: string;
  /** Validation or the server's message. */
  error: string | null;
};
export type ProjectRenameEvent =
  | { type: 'name.edit'; value: string }
  | { type: 'rename.submit' }
  | { type: 'project.loaded'; name: string };
export type RenameProjectInput = { ref: string; name: string };
/** What the form does next (issue 15: emitted once per saved name, not a flag watched in an effect): toast, reload. */
export type ProjectRenamedEmitted = { type: 'project.renamed'; name: string };

/** The message a rename would get, or null when it may be sent. */
export function projectRenameProblem(context: Pick<ProjectRenameContext, 'name' | 'savedName'>): string | null {
  return validateProjectName(context.name) ?? (context.name.trim() === context.savedName ? NEW_PROJECT_MESSAGES.nameUnchanged : null);
}

export const projectRenameMachine = setup({
  types: {} as { context: ProjectRenameContext; events: ProjectRenameEvent; input: ProjectRenameInput; emitted: ProjectRenamedEmitted },
  actors: {
    renameProject: fromPromise<{ name: string }, RenameProjectInput>(notProvidedStub('rename project')),
  },
  guards: {
    invalid: ({ context }) => projectRenameProblem(context) !== null,
    // A reload must not overwrite what the user is typing.
    untouched: ({ context }) => context.name === context.savedName,
  },
}).createMachine({
  id: 'projectRename',
  context: ({ input }) => ({ ref: input.ref, name: input.name, savedName: input.name, error: null }),
  initial: 'idle',
  states: {
    idle: {
      initial: 'ready',
      states: { ready: {}, saved: {}, failed: {} },
      on: {
        'name.edit': {
          target: '.ready',
          actions: assign(({ event }) => {
            assertEvent(event, 'name.edit');
            return { name: event.value, error: null };
          }),
        },
        'project.loaded': {
          guard: 'untouched',
          actions: assign(({ event }) => {
            assertEvent(event, 'project.loaded');
            return { name: event.name, savedName: event.name };
          }),
        },
        'rename.submit': [
          { guard: 'invalid', target: '.failed', actions: assign({ error: ({ context }) => projectRenameProblem(context) }) },
          { target: 'renaming', actions: assign({ error: null }) },
        ],
      },
    },
    renaming: {
      invoke: {
        id: 'renameProject',
        src: 'renameProject',
        input: ({ context }) => ({ ref: context.ref, name: context.name.trim() }),
        onDone: {
          target: 'idle.saved',
          actions: [
            assign(({ event }) => ({ name: event.output.name, savedName: event.output.name })),
            emit(({ event }) => ({ type: 'project.renamed' as const, name: event.output.name })),
          ],
        },
        onError: {
          target: 'idle.failed',
          actions: assign({ error: ({ event }) => errorMessage(event.error, 'The project could not be renamed.') }),
        },
      },
    },
  },
});

export type ProjectRenameMachine = typeof projectRenameMachine;
