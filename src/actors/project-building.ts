// Real effect of the building-project poll (spec A4.1): GET /platform/projects/{ref}/status.
import { fromPromise } from 'xstate';
import { projectBuildingMachine, type FetchStatusInput } from '../../machines/project-building.machine.ts';
import { fetchProjectStatus } from '../api/project-create.ts';

export const projectBuildingWithPlatform = projectBuildingMachine.provide({
  actors: {
    fetchStatus: fromPromise<{ status: string }, FetchStatusInput>(({ input }) => fetchProjectStatus(input.ref)),
  },
});
