// Real effect of renaming a project (project settings → General; PATCH /platform/projects/{ref}).
import { fromPromise } from 'xstate';
import { projectRenameMachine, type RenameProjectInput } from '../../machines/project-rename.machine.ts';
import { renameProject } from '../api/project-lifecycle.ts';

export const projectRenameWithPlatform = projectRenameMachine.provide({
  actors: {
    renameProject: fromPromise<{ name: string }, RenameProjectInput>(async ({ input }) => {
      const project = await renameProject(input.ref, input.name);
      return { name: project.name };
    }),
  },
});
