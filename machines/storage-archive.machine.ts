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

const fileUrlOf = (output: { fileUrl?: unknown } | undefined): string | null => {
  const url = output?.fileUrl;
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
    archiveReady: (_, params: { output: { fileUrl?: unknown } | undefined }) => fileUrlOf(params.output) !== null,
    notWrittenYet: (_, params: { error: unknown }) => errorMessage(params.error, '') === ARCHIVE_NOT_FOUND,
  },
  actions: {
    announceRetrieving: enqueueActions(({ enqueue }) => {
      enqueue.assign({ error: null, checks: 0 });
      enqueue.emit(toastNotice('info', LIFECYCLE_TEXT.retrievingArchive));
    }),
    countCheck: assign({ checks: ({ context }) => context.checks + 1 }),
    download: enqueueActions(({ enqueue }, params: { output: { fileUrl?: unknown } | undefined }) => {
      enqueue.emit({ type: 'notice.download', url: fileUrlOf(params.output)! });
      enqueue.emit(toastNotice('info', LIFECYCLE_TEXT.downloadingArchive));
    }),
    fail: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      const message = failureText.createArchive(errorMessage(params.error));
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
        onError: { target: 'idle.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
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
        onDone: [
          {
            guard: { type: 'archiveReady', params: ({ event }) => ({ output: event.output }) },
            target: 'idle.ready',
            actions: { type: 'download', params: ({ event }) => ({ output: event.output }) },
          },
          { target: 'waiting' },
        ],
        onError: [
          { guard: { type: 'notWrittenYet', params: ({ event }) => ({ error: event.error }) }, target: 'waiting' },
          { target: 'idle.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
});

export type StorageArchiveMachine = typeof storageArchiveMachine;
