// The upload queue of the storage explorer (spec B4 uploads, B5 upload limits, B7 temporary key, B8, B9).
// A request (files picked or dropped into a folder) becomes a run: the target is prepared (project API URL,
// temporary key, global limit, the bucket's allowed MIME types), over-limit and zero-byte files are rejected up
// front, the rest are uploaded in batches of 10 by spawned file-upload actors, and the run ends with a summary
// toast and a 'settled' event naming the folders to refresh. Requests arriving meanwhile wait for their turn.
// The key is refreshed before it expires (300 s) and handed to the running files. Toasts are emitted ('notice').
import { assertEvent, assign, emit, enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate';
import { autofixName } from '../src/domain/storage-names.ts';
import {
  GLOBAL_LIMIT_TOAST_MS,
  TEMPORARY_KEY_REFRESH_MS,
  TEMPORARY_KEY_RETRY_MS,
  UPLOAD_ABORTED_MESSAGE,
  UPLOAD_BATCH_SIZE,
  UPLOAD_FAILED_MESSAGE,
  affectedPrefixes,
  globalLimitNotice,
  screenUploads,
  uploadSummaryNotice,
  zeroByteNotice,
  type UploadNotice,
} from '../src/domain/storage-uploads.ts';
import { fileUploadMachine, type FileCancelEvent, type FileKeyRefreshedEvent, type FileStartEvent } from './file-upload.machine.ts';
import type { QueueFile, UploadNoticeEmitted, UploadQueueContext, UploadQueueEmitted, UploadQueueEvent, UploadTarget } from './upload-queue.types.ts';
import { errorMessage, notProvided } from './support.ts';

export type * from './upload-queue.types.ts';

/**
 * The running file actors among `ids`. Read from the actor's current snapshot (absent while the graph is
 * traversed purely): a file that has just finished, its report still on the way, is simply not there.
 */
function childrenOf(self: AnyActorRef, ids: readonly string[]): AnyActorRef[] {
  const children = ((self.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> } | undefined)?.children ?? {});
  return ids.flatMap((id) => (children[id] ? [children[id]] : []));
}

const isSettled = (file: QueueFile) => file.status === 'done' || file.status === 'failed';
const files = (context: UploadQueueContext) => context.run?.files ?? [];

function updateFile(context: UploadQueueContext, id: string, change: (file: QueueFile) => QueueFile): Partial<UploadQueueContext> {
  const run = context.run;
  if (!run) return {};
  return { run: { ...run, files: run.files.map((file) => (file.id === id ? change(file) : file)) } };
}

export const uploadQueueMachine = setup({
  types: {} as {
    context: UploadQueueContext;
    events: UploadQueueEvent;
    input: { batchSize?: number } | undefined;
    emitted: UploadQueueEmitted;
    tags: 'busy';
  },
  actors: {
    prepareUploads: fromPromise<UploadTarget, { projectRef: string; bucketId: string }>(async () => notProvided('prepare uploads')),
    fetchTemporaryKey: fromPromise<string, { projectRef: string }>(async () => notProvided('fetch temporary key')),
    fileUpload: fileUploadMachine,
  },
  delays: {
    temporaryKeyRefresh: TEMPORARY_KEY_REFRESH_MS,
    temporaryKeyRetry: TEMPORARY_KEY_RETRY_MS,
  },
  guards: {
    hasWaiting: ({ context }) => context.waiting.length > 0,
    nothingAccepted: ({ context }) => files(context).length === 0,
    allSettled: ({ context }) => files(context).every(isSettled),
    batchSettled: ({ context }) => !files(context).some((file) => file.status === 'uploading'),
    isUploadingFile: ({ context, event }) => {
      assertEvent(event, ['file.progress', 'file.done', 'file.failed']);
      return files(context).some((file) => file.id === event.id && file.status === 'uploading');
    },
  },
  actions: {
    addWaiting: assign({
      waiting: ({ context, event }) => {
        assertEvent(event, 'upload.enqueue');
        return [...context.waiting, event.request];
      },
    }),
    takeNext: assign(({ context }) => ({
      waiting: context.waiting.slice(1),
      run: { request: context.waiting[0]!, target: null, files: [], cancelled: false },
      runs: context.runs + 1,
    })),
    endRun: assign({ run: null }),
    noticePrepareFailure: emit(({ context }, params: { error: unknown }): UploadNoticeEmitted => {
      // The platform's reason, when the failure carries one (a thrown string is not shown).
      const message = typeof params.error === 'string' ? '' : errorMessage(params.error, '');
      return {
        type: 'notice',
        kind: 'error',
        message: UPLOAD_FAILED_MESSAGE,
        ...(message !== '' ? { description: message } : {}),
        projectRef: context.run!.request.projectRef,
      };
    }),
    // spec B5: the global limit and zero bytes are checked before anything is sent.
    screen: enqueueActions(({ context, enqueue }, params: { target: UploadTarget }) => {
      const run = context.run!;
      const { target } = params;
      const screening = screenUploads(run.request, target.fileSizeLimit, autofixName);
      const queued = screening.accepted.map(
        (planned, index): QueueFile => ({
          id: `file-${context.runs}-${index}`,
          file: planned.file,
          objectName: planned.objectName,
          contentType: planned.contentType,
          size: planned.size,
          sent: 0,
          status: 'queued',
        }),
      );
      enqueue.assign({ run: { ...run, target, files: queued } });
      const projectRef = run.request.projectRef;
      if (screening.overLimit > 0 && target.fileSizeLimit !== null) {
        const notice = globalLimitNotice(screening.overLimit, target.fileSizeLimit);
        enqueue.emit({ type: 'notice', kind: 'error', ...notice, timeout: GLOBAL_LIMIT_TOAST_MS, link: 'storageSettings', projectRef });
      }
      if (screening.empty > 0) enqueue.emit({ type: 'notice', kind: 'error', ...zeroByteNotice(screening.empty), projectRef });
    }),
    startBatch: enqueueActions(({ context, enqueue, self }) => {
      const run = context.run!;
      const batch = run.files.filter((file) => file.status === 'queued').slice(0, context.batchSize);
      const started = new Set(batch.map((file) => file.id));
      for (const file of batch) {
        enqueue.spawnChild('fileUpload', {
          id: file.id,
          input: {
            id: file.id,
            file: file.file,
            bucketId: run.request.bucketId,
            objectName: file.objectName,
            contentType: file.contentType,
            allowedMimeTypes: run.target!.allowedMimeTypes,
            // The file reports progress and its outcome to the queue (an input-provided ref, not the private parent link).
            reportTo: self,
          },
        });
        const start: FileStartEvent = { type: 'file.start', target: { apiUrl: run.target!.apiUrl, apiKey: run.target!.apiKey } };
        enqueue.sendTo(file.id, start);
      }
      enqueue.assign({
        run: { ...run, files: run.files.map((file) => (started.has(file.id) ? { ...file, status: 'uploading' as const } : file)) },
      });
    }),
    storeProgress: assign(({ context, event }) => {
      assertEvent(event, 'file.progress');
      return updateFile(context, event.id, (file) => ({ ...file, sent: Math.min(file.size, Math.max(0, event.bytesSent)) }));
    }),
    // A settled file's actor is stopped (a finished file machine is stopped already; this also ends fakes).
    markDone: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'file.done');
      enqueue.assign(updateFile(context, event.id, (file) => ({ ...file, sent: file.size, status: 'done' })));
      enqueue.stopChild(event.id);
    }),
    // A failed file counts as processed: its bytes leave the remaining work.
    markFailed: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'file.failed');
      enqueue.assign(updateFile(context, event.id, (file) => ({ ...file, sent: file.size, status: 'failed' })));
      enqueue.stopChild(event.id);
    }),
    noticeFileFailure: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'file.failed');
      if (event.aborted || !event.notice) return;
      const notice: UploadNotice = event.notice;
      enqueue.emit({ type: 'notice', kind: 'error', ...notice, projectRef: context.run!.request.projectRef });
    }),
    storeKey: assign(({ context }, params: { apiKey: string }) => {
      const { apiKey } = params;
      const run = context.run!;
      return { run: { ...run, target: { ...run.target!, apiKey } } };
    }),
    forwardKey: enqueueActions(({ context, enqueue, self }, params: { apiKey: string }) => {
      const { apiKey } = params;
      const ids = files(context).filter((file) => file.status === 'uploading').map((file) => file.id);
      for (const child of childrenOf(self, ids)) enqueue.sendTo(child, { type: 'file.keyRefreshed', apiKey } satisfies FileKeyRefreshedEvent);
    }),
    // Cancel all: files not started end at once, running ones are told to stop and report back.
    cancelAll: enqueueActions(({ context, enqueue, self }) => {
      const run = context.run!;
      const ids = run.files.filter((file) => file.status === 'uploading').map((file) => file.id);
      for (const child of childrenOf(self, ids)) enqueue.sendTo(child, { type: 'file.cancel' } satisfies FileCancelEvent);
      enqueue.assign({
        waiting: [],
        run: {
          ...run,
          cancelled: true,
          files: run.files.map((file) => (file.status === 'queued' ? { ...file, sent: file.size, status: 'failed' as const } : file)),
        },
      });
      enqueue.emit({ type: 'notice', kind: 'info', message: UPLOAD_ABORTED_MESSAGE, projectRef: run.request.projectRef });
    }),
    noticeSummary: enqueueActions(({ context, enqueue }) => {
      const run = context.run!;
      const done = run.files.filter((file) => file.status === 'done');
      const summary = uploadSummaryNotice(done.length, run.files.length);
      const projectRef = run.request.projectRef;
      if (summary) enqueue.emit({ type: 'notice', ...summary, projectRef });
      if (done.length > 0) {
        const prefixes = affectedPrefixes(run.request.prefix, done.map((file) => file.objectName));
        enqueue.emit({ type: 'settled', projectRef, bucketId: run.request.bucketId, prefixes });
      }
    }),
  },
}).createMachine({
  id: 'uploadQueue',
  context: ({ input }) => ({ batchSize: input?.batchSize ?? UPLOAD_BATCH_SIZE, waiting: [], run: null, runs: 0 }),
  initial: 'idle',
  on: {
    'upload.enqueue': { actions: 'addWaiting' },
  },
  states: {
    idle: {
      always: { guard: 'hasWaiting', target: 'preparing', actions: 'takeNext' },
    },
    preparing: {
      tags: 'busy',
      invoke: {
        id: 'prepareUploads',
        src: 'prepareUploads',
        input: ({ context }) => ({ projectRef: context.run!.request.projectRef, bucketId: context.run!.request.bucketId }),
        onDone: { target: 'screening', actions: { type: 'screen', params: ({ event }) => ({ target: event.output }) } },
        onError: { target: 'idle', actions: [{ type: 'noticePrepareFailure', params: ({ event }) => ({ error: event.error }) }, 'endRun'] },
      },
      on: { 'upload.cancel': { target: 'idle', actions: ['endRun', assign({ waiting: [] })] } },
    },
    screening: {
      always: [{ guard: 'nothingAccepted', target: 'idle', actions: 'endRun' }, { target: 'running' }],
    },
    running: {
      type: 'parallel',
      tags: 'busy',
      on: { 'upload.cancel': { target: 'cancelling', actions: 'cancelAll' } },
      states: {
        files: {
          initial: 'startingBatch',
          states: {
            startingBatch: {
              entry: 'startBatch',
              always: 'sending',
            },
            sending: {
              on: {
                'file.progress': { guard: 'isUploadingFile', actions: 'storeProgress' },
                'file.done': { guard: 'isUploadingFile', actions: 'markDone' },
                'file.failed': { guard: 'isUploadingFile', actions: ['markFailed', 'noticeFileFailure'] },
              },
              always: [
                { guard: 'allSettled', target: '#uploadQueue.summarising' },
                { guard: 'batchSettled', target: 'startingBatch' },
              ],
            },
          },
        },
        key: {
          initial: 'fresh',
          states: {
            fresh: { after: { temporaryKeyRefresh: 'refreshing' } },
            refreshing: {
              invoke: {
                id: 'fetchTemporaryKey',
                src: 'fetchTemporaryKey',
                input: ({ context }) => ({ projectRef: context.run!.request.projectRef }),
                onDone: {
                  target: 'fresh',
                  actions: [
                    { type: 'storeKey', params: ({ event }) => ({ apiKey: event.output }) },
                    { type: 'forwardKey', params: ({ event }) => ({ apiKey: event.output }) },
                  ],
                },
                onError: 'stale',
              },
            },
            stale: { after: { temporaryKeyRetry: 'refreshing' } },
          },
        },
      },
    },
    cancelling: {
      tags: 'busy',
      on: {
        'file.progress': { guard: 'isUploadingFile', actions: 'storeProgress' },
        'file.done': { guard: 'isUploadingFile', actions: 'markDone' },
        'file.failed': { guard: 'isUploadingFile', actions: 'markFailed' },
      },
      always: { guard: 'allSettled', target: 'summarising' },
    },
    summarising: {
      entry: 'noticeSummary',
      always: { target: 'idle', actions: 'endRun' },
    },
  },
});

export type UploadQueueMachine = typeof uploadQueueMachine;
