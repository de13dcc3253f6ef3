// Real effects of the Connect dialog and the connection settings (spec A2.10; GET settings, databases and
// config/supavisor; PATCH db-password and config/supavisor).
import { fromPromise } from 'xstate';
import { connectDialogMachine } from '../../machines/connect-dialog.machine.ts';
import { taskWith } from '../../machines/task.machine.ts';
import { fetchConnectionInfo, resetDatabasePassword, updatePoolerConfig } from '../api/connection.ts';
import type { ConnectionInfo } from '../domain/connect/info.ts';
import type { PoolMode } from '../domain/connect/methods.ts';

export const connectDialogWithPlatform = connectDialogMachine.provide({
  actors: {
    loadConnectionInfo: fromPromise<ConnectionInfo, { ref: string }>(({ input }) => fetchConnectionInfo(input.ref)),
  },
});

export const resetPasswordTask = taskWith(({ ref, password }: { ref: string; password: string }) => resetDatabasePassword(ref, password));
export const savePoolerTask = taskWith(({ ref, poolMode, poolSize }: { ref: string; poolMode: PoolMode; poolSize: number }) =>
  updatePoolerConfig(ref, { pool_mode: poolMode, default_pool_size: poolSize }),
);
