// Downloading a project's database backup (spec A2.8 'Download backup', A2.9, A4.3, A8): the newest downloadable
// backup (or the one asked for), a signed file URL from the platform, then the browser goes there. The view turns
// the emitted notices into toasts and the download.
import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { errorMessage, failureText, LIFECYCLE_TEXT, toastNotice, type LifecycleNotice } from '../src/domain/project-lifecycle.ts';
import { notProvided } from './support.ts';

export type BackupId = number | string;
export type BackupDownloadInput = { ref: string };
export type BackupDownloadContext = { ref: string; backupId: BackupId | null; error: string | null };

export type DownloadStartEvent = { type: 'download.start'; backupId?: BackupId | null };
export type BackupDownloadEvent = DownloadStartEvent;

export type BackupList = { status: string; backups: ReadonlyArray<{ id: BackupId; isPhysicalBackup: boolean }> };
export type ListBackupsInput = { ref: string };
export type FetchBackupUrlInput = { ref: string; backupId: BackupId };

/** spec A3: the status that means backups are physical (not downloadable). */
export const PHYSICAL_BACKUPS_STATUS = 'physical-backups-enabled';

const downloadable = (list: BackupList) => list.backups.filter((backup) => !backup.isPhysicalBackup);

// The failure is kept for the view and told as an error toast.
const refuse = (enqueue: { assign: (values: Partial<BackupDownloadContext>) => void; emit: (notice: LifecycleNotice) => void }, message: string) => {
  enqueue.assign({ error: message });
  enqueue.emit(toastNotice('error', message));
};

export const backupDownloadMachine = setup({
  types: {} as {
    context: BackupDownloadContext;
    events: BackupDownloadEvent;
    input: BackupDownloadInput;
    emitted: LifecycleNotice;
    tags: 'busy' | 'error';
  },
  actors: {
    listBackups: fromPromise<BackupList, ListBackupsInput>(async () => notProvided('list downloadable backups')),
    fetchBackupUrl: fromPromise<{ fileUrl: string }, FetchBackupUrlInput>(async () => notProvided('fetch backup download url')),
  },
  guards: {
    backupGiven: ({ event }) => {
      assertEvent(event, 'download.start');
      return event.backupId != null;
    },
    physicalBackups: (_, params: { list: BackupList }) => params.list.status === PHYSICAL_BACKUPS_STATUS,
    noBackups: (_, params: { list: BackupList }) => downloadable(params.list).length === 0,
  },
  actions: {
    start: assign(({ event }) => {
      assertEvent(event, 'download.start');
      return { backupId: event.backupId ?? null, error: null };
    }),
    announceFetching: emit(toastNotice('info', LIFECYCLE_TEXT.fetchingBackup)),
    // The platform lists newest first (contract): the first downloadable one is the latest.
    pickNewest: assign({ backupId: (_, params: { list: BackupList }) => downloadable(params.list)[0]!.id }),
    refusePhysical: enqueueActions(({ enqueue }) => refuse(enqueue, LIFECYCLE_TEXT.noBackupsPhysical)),
    refuseNone: enqueueActions(({ enqueue }) => refuse(enqueue, LIFECYCLE_TEXT.noBackups)),
    fail: enqueueActions(({ enqueue }, params: { error: unknown }) => refuse(enqueue, failureText.downloadBackup(errorMessage(params.error)))),
    download: enqueueActions(({ enqueue }, params: { fileUrl: string }) => {
      enqueue.emit({ type: 'notice.download', url: params.fileUrl });
      enqueue.emit(toastNotice('info', LIFECYCLE_TEXT.downloadingBackup));
    }),
  },
}).createMachine({
  id: 'backupDownload',
  context: ({ input }) => ({ ref: input.ref, backupId: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      initial: 'ready',
      states: { ready: {}, failed: { tags: 'error' } },
      on: {
        'download.start': [
          { guard: 'backupGiven', target: 'downloading', actions: ['start', 'announceFetching'] },
          { target: 'listing', actions: ['start', 'announceFetching'] },
        ],
      },
    },
    listing: {
      tags: 'busy',
      invoke: {
        id: 'listBackups',
        src: 'listBackups',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: [
          { guard: { type: 'physicalBackups', params: ({ event }) => ({ list: event.output }) }, target: 'idle.failed', actions: 'refusePhysical' },
          { guard: { type: 'noBackups', params: ({ event }) => ({ list: event.output }) }, target: 'idle.failed', actions: 'refuseNone' },
          { target: 'downloading', actions: { type: 'pickNewest', params: ({ event }) => ({ list: event.output }) } },
        ],
        onError: { target: 'idle.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    downloading: {
      tags: 'busy',
      invoke: {
        id: 'fetchBackupUrl',
        src: 'fetchBackupUrl',
        input: ({ context }) => ({ ref: context.ref, backupId: context.backupId! }),
        onDone: { target: 'idle.ready', actions: { type: 'download', params: ({ event }) => ({ fileUrl: event.output.fileUrl }) } },
        onError: { target: 'idle.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type BackupDownloadMachine = typeof backupDownloadMachine;
