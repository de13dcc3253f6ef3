// Real effects of the project lifecycle machines: the platform's lifecycle, backup and archive endpoints
// (src/api/project-lifecycle.ts). Views create the actors from these provided machines.
import { fromPromise } from 'xstate';
import { backupDownloadMachine, type BackupList, type FetchBackupUrlInput, type ListBackupsInput } from '../../machines/backup-download.machine.ts';
import { deleteProjectMachine } from '../../machines/delete-project.machine.ts';
import { projectOperationMachine, type RunOperationInput } from '../../machines/project-operation.machine.ts';
import { projectResumeMachine, type MemberAtLimit, type PauseStatusData, type RestoreInput } from '../../machines/project-resume.machine.ts';
import { storageArchiveMachine, type ArchiveActorInput } from '../../machines/storage-archive.machine.ts';
import * as lifecycle from '../api/project-lifecycle.ts';
import type { AvailableVersion } from '../domain/postgres-versions.ts';
import type { ExitSurvey } from '../domain/project-lifecycle.ts';

export const backupDownloadWithPlatform = backupDownloadMachine.provide({
  actors: {
    listBackups: fromPromise<BackupList, ListBackupsInput>(({ input }) => lifecycle.fetchDownloadableBackups(input.ref)),
    fetchBackupUrl: fromPromise<{ fileUrl: string }, FetchBackupUrlInput>(({ input }) => lifecycle.downloadBackup(input.ref, input.backupId)),
  },
});

export const storageArchiveWithPlatform = storageArchiveMachine.provide({
  actors: {
    createArchive: fromPromise<unknown, ArchiveActorInput>(({ input }) => lifecycle.createStorageArchive(input.ref)),
    fetchArchive: fromPromise<{ fileUrl?: string | null }, ArchiveActorInput>(({ input }) => lifecycle.fetchStorageArchive(input.ref)),
  },
});

export const projectResumeWithPlatform = projectResumeMachine.provide({
  actors: {
    fetchPauseStatus: fromPromise<PauseStatusData, { ref: string }>(({ input }) => lifecycle.fetchPauseStatus(input.ref)),
    fetchVersions: fromPromise<AvailableVersion[], { ref: string }>(async ({ input }) => (await lifecycle.fetchRestoreVersions(input.ref)).available_versions),
    fetchMembersAtLimit: fromPromise<MemberAtLimit[], { orgSlug: string }>(({ input }) => lifecycle.fetchMembersAtFreeLimit(input.orgSlug)),
    restoreProject: fromPromise<unknown, RestoreInput>(({ input: { ref, ...body } }) => lifecycle.restoreProject(ref, body)),
  },
});

export const deleteProjectWithPlatform = deleteProjectMachine.provide({
  actors: {
    deleteProject: fromPromise<unknown, { ref: string }>(({ input }) => lifecycle.deleteProject(input.ref)),
    sendExitSurvey: fromPromise<unknown, ExitSurvey>(({ input }) => lifecycle.sendExitSurvey(input)),
  },
});

/** The platform call behind each settings operation. */
export function runOperation({ ref, request }: RunOperationInput): Promise<unknown> {
  switch (request.kind) {
    case 'restart':
      return lifecycle.restartProject(ref);
    case 'pause':
      return lifecycle.pauseProject(ref);
    case 'resize':
      return lifecycle.resizeProject(ref, request.computeSize);
    case 'upgrade':
      return lifecycle.startUpgrade(ref, {
        target_version: request.targetVersion,
        ...(request.releaseChannel ? { release_channel: request.releaseChannel } : {}),
      });
    case 'createBackup':
      return lifecycle.createBackup(ref);
  }
}

export const projectOperationWithPlatform = projectOperationMachine.provide({
  actors: { runOperation: fromPromise<unknown, RunOperationInput>(({ input }) => runOperation(input)) },
});
