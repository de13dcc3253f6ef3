// Effects of the read-replica panel (issue 20, spec A4.5): the replica-setup machine with the platform's calls.
import { fromPromise } from 'xstate';
import { replicaSetupMachine } from '../../machines/replica-setup.machine.ts';
import { deleteReplica, fetchReplicas, postReplica } from '../api/replicas.ts';

export const liveReplicaSetupMachine = replicaSetupMachine.provide({
  actors: {
    fetchReplicas: fromPromise(({ input }) => fetchReplicas(input.ref)),
    createReplica: fromPromise(({ input }) => postReplica(input.ref)),
    deleteReplica: fromPromise(({ input }) => deleteReplica(input.ref, input.identifier)),
  },
});
