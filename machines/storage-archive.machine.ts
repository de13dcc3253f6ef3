// Downloading a paused project's storage objects (spec A2.9, A4.3, A8): the platform zips them in the background;
// the console asks for the archive every 5 s until it has a fileUrl ('Storage archive not found' = not written
// yet), then the browser downloads it. The view turns the emitted notices into toasts and the download.
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import {
  ARCHIVE_NOT_FOUND,
  ARCHIVE_POLL_MS,
  errorMessage,
  failureText,
  LIFECYCLE_TEXT,
  toastNotice,
  type LifecycleNotice,
} from '../src/domain/project-lifecycle.ts';
import { notProvided } from './support.ts';

export type StorageArchiveInput = { ref: string };
export type StorageArchiveContext = { ref: string; error: string | null; checks: number };
export type ArchiveStartEvent = { type: 'archive.start' };
export type StorageArchiveEvent = ArchiveStartEvent;
export type ArchiveActorInput = { ref: string };

type Outcome = { output?: unknown; error?: unknown };
const fileUrlOf = (event: unknown): string | null => {
  const url = ((event as Outcome).output as { fileUrl?: unknown } | undefined)?.fileUrl;
  return typeof url === 'string' && url !== '' ? url : null;
};

export const storageArchiveMachine = setup({
  types: {} as {
    context: StorageArchiveContext;
    events: StorageArchiveEvent;
    input: StorageArchiveInput;
    emitted: LifecycleNotice;
    tags: 'busy' | 'error';
  },
  actors: {
    createArchive: fromPromise<unknown, ArchiveActorInput>(async () => notProvided('create storage archive')),
    fetchArchive: fromPromise<{ fileUrl?: string | null }, ArchiveActorInput>(async () => notProvided('fetch storage archive')),
  },
  delays: { archivePoll: ARCHIVE_POLL_MS },
  guards: {
    archiveReady: ({ event }) => fileUrlOf(event) !== null,
    notWrittenYet: ({ event }) => errorMessage((event as Outcome).error, '') === ARCHIVE_NOT_FOUND,
  },
  actions: {
    announceRetrieving: enqueueActions(({ enqueue }) => {
      enqueue.assign({ error: null, checks: 0 });
      enqueue.emit(toastNotice('info', LIFECYCLE_TEXT.retrievingArchive));
    }),
    countCheck: assign({ checks: ({ context }) => context.checks + 1 }),
    download: enqueueActions(({ enqueue, event }) => {
      enqueue.emit({ type: 'notice.download', url: fileUrlOf(event)! });
      enqueue.emit(toastNotice('info', LIFECYCLE_TEXT.downloadingArchive));
    }),
    fail: enqueueActions(({ enqueue, event }) => {
      const message = failureText.createArchive(errorMessage((event as Outcome).error));
      enqueue.assign({ error: message });
      enqueue.emit(toastNotice('error', message));
    }),
  },
}).createMachine({
  id: 'storageArchive',
  context: ({ input }) => ({ ref: input.ref, error: null, checks: 0 }),
  initial: 'idle',
  states: {
    idle: {
      initial: 'ready',
      states: { ready: {}, failed: { tags: 'error' } },
      on: { 'archive.start': { target: 'creating' } },
    },
    creating: {
      tags: 'busy',
      entry: 'announceRetrieving',
      invoke: {
        id: 'createArchive',
        src: 'createArchive',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: { target: 'waiting' },
        onError: { target: 'idle.failed', actions: 'fail' },
      },
    },
    waiting: {
      tags: 'busy',
      after: { archivePoll: 'checking' },
    },
    checking: {
      tags: 'busy',
      entry: 'countCheck',
      invoke: {
        id: 'fetchArchive',
        src: 'fetchArchive',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: [{ guard: 'archiveReady', target: 'idle.ready', actions: 'download' }, { target: 'waiting' }],
        onError: [{ guard: 'notWrittenYet', target: 'waiting' }, { target: 'idle.failed', actions: 'fail' }],
      },
    },
  },
});

export type StorageArchiveMachine = typeof storageArchiveMachine;
