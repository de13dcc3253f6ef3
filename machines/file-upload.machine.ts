// One file of an upload run (spec B4 uploads): queued → uploading (progress) → done | failed.
// The parent (upload-queue) spawns it and sends 'file.start'. Before each attempt a previous upload of the same
// file is looked up (tus fingerprint) and resumed when found; a failed attempt is retried after the B9 delays
// unless its status is on the no-retry list; 'file.cancel' ends it as 'Upload aborted by user'.
// The transfer itself is the injected `tusUpload` callback actor; its events are 'tus.*'.
import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup, type ActorRef, type EventObject, type Snapshot } from 'xstate';
import {
  UPLOAD_ABORTED_MESSAGE,
  shouldRetryUpload,
  uploadErrorNotice,
  uploadRetryDelay,
  type UploadFailure,
  type UploadNotice,
  type UploadSourceFile,
} from '../src/domain/storage-uploads.ts';
import { notProvided } from './support.ts';

/** Where and how the file goes; `file` is the browser's File, opaque here. */
export interface FileUploadInput {
  id: string;
  file: UploadSourceFile;
  bucketId: string;
  objectName: string;
  contentType: string;
  allowedMimeTypes: readonly string[] | null;
  /**
   * Who hears the file's reports (the upload queue passes itself when it spawns the file). A file machine run alone
   * (tests) has none and keeps its reports.
   */
  reportTo?: ActorRef<Snapshot<unknown>, FileReport> | null;
}

export interface FileUploadTarget {
  /** The project's API URL, e.g. 'http://127.0.0.1:54321/p/abc'. */
  apiUrl: string;
  apiKey: string;
}

/** A previous upload of the same file, as tus-js-client stores it (opaque data handed back to the tus actor). */
export type PreviousUpload = { uploadUrl: string | null; urlStorageKey: string } & Record<string, unknown>;

export interface FindPreviousInput extends FileUploadInput, FileUploadTarget {}
export interface TusUploadInput extends FileUploadInput, FileUploadTarget {
  previous: PreviousUpload | null;
}

export type FileUploadContext = FileUploadInput & {
  target: FileUploadTarget | null;
  previous: PreviousUpload | null;
  /** Retries made so far. */
  attempt: number;
  bytesSent: number;
  failure: UploadFailure | null;
  /** The error toast of a failure; null for a cancellation (the queue shows one toast for all). */
  notice: UploadNotice | null;
  /** 'Upload aborted by user' or the notice's message once failed. */
  error: string | null;
};

export type FileStartEvent = { type: 'file.start'; target: FileUploadTarget };
export type FileCancelEvent = { type: 'file.cancel' };
export type FileKeyRefreshedEvent = { type: 'file.keyRefreshed'; apiKey: string };
export type TusProgressEvent = { type: 'tus.progress'; bytesSent: number; bytesTotal: number };
export type TusSuccessEvent = { type: 'tus.success' };
export type TusErrorEvent = { type: 'tus.error'; failure: UploadFailure };
export type FileUploadEvent = FileStartEvent | FileCancelEvent | FileKeyRefreshedEvent | TusProgressEvent | TusSuccessEvent | TusErrorEvent;

/** What the file tells the queue. */
export type FileProgressReport = { type: 'file.progress'; id: string; bytesSent: number };
export type FileDoneReport = { type: 'file.done'; id: string };
export type FileFailedReport = { type: 'file.failed'; id: string; aborted: boolean; notice: UploadNotice | null };
export type FileReport = FileProgressReport | FileDoneReport | FileFailedReport;

/** The key refresh forwarded to the running transfer. */
export type TusKeyEvent = { type: 'tus.keyRefreshed'; apiKey: string };

export const fileUploadMachine = setup({
  types: {} as { context: FileUploadContext; events: FileUploadEvent; input: FileUploadInput; tags: 'busy' | 'error' },
  actors: {
    findPreviousUpload: fromPromise<PreviousUpload | null, FindPreviousInput>(async () => notProvided('find previous upload')),
    tusUpload: fromCallback<EventObject, TusUploadInput>(() => notProvided('tus upload')),
  },
  delays: {
    // spec B9: 0, 200, 500, 1500, 3000, 5000 ms — one per retry.
    uploadRetryDelay: ({ context }) => uploadRetryDelay(context.attempt),
  },
  guards: {
    canRetry: ({ context, event }) => {
      assertEvent(event, 'tus.error');
      return shouldRetryUpload(event.failure.status, context.attempt);
    },
  },
  actions: {
    storeTarget: assign({
      target: ({ event }) => {
        assertEvent(event, 'file.start');
        return event.target;
      },
    }),
    storeKey: assign({
      target: ({ context, event }) => {
        assertEvent(event, 'file.keyRefreshed');
        return context.target ? { ...context.target, apiKey: event.apiKey } : null;
      },
    }),
    forwardKey: enqueueActions(({ enqueue, event }) => {
      assertEvent(event, 'file.keyRefreshed');
      enqueue.sendTo('tusUpload', { type: 'tus.keyRefreshed', apiKey: event.apiKey } satisfies TusKeyEvent);
    }),
    storePrevious: assign({ previous: (_, params: { output: PreviousUpload | null }) => params.output ?? null }),
    forgetPrevious: assign({ previous: null }),
    storeProgress: assign({
      bytesSent: ({ context, event }) => {
        assertEvent(event, 'tus.progress');
        return Math.min(context.file.size, Math.max(0, event.bytesSent));
      },
    }),
    reportProgress: enqueueActions(({ context, enqueue }) => {
      if (context.reportTo) enqueue.sendTo(context.reportTo, { type: 'file.progress', id: context.id, bytesSent: context.bytesSent } satisfies FileProgressReport);
    }),
    storeFailure: assign(({ context, event }) => {
      assertEvent(event, 'tus.error');
      const notice = uploadErrorNotice(context.file.name, event.failure, context);
      return { failure: event.failure, notice, error: notice.message };
    }),
    countRetry: assign({ attempt: ({ context }) => context.attempt + 1 }),
    storeAborted: assign({ error: UPLOAD_ABORTED_MESSAGE, notice: null, failure: null }),
    completeProgress: assign({ bytesSent: ({ context }) => context.file.size }),
    reportDone: enqueueActions(({ context, enqueue }) => {
      if (context.reportTo) enqueue.sendTo(context.reportTo, { type: 'file.done', id: context.id } satisfies FileDoneReport);
    }),
    reportFailed: enqueueActions(({ context, enqueue }) => {
      if (!context.reportTo) return;
      const aborted = context.error === UPLOAD_ABORTED_MESSAGE;
      enqueue.sendTo(context.reportTo, { type: 'file.failed', id: context.id, aborted, notice: context.notice } satisfies FileFailedReport);
    }),
  },
}).createMachine({
  id: 'fileUpload',
  context: ({ input }) => ({
    ...input,
    target: null,
    previous: null,
    attempt: 0,
    bytesSent: 0,
    failure: null,
    notice: null,
    error: null,
  }),
  initial: 'queued',
  on: {
    'file.cancel': { target: '.failed', actions: 'storeAborted' },
  },
  states: {
    queued: {
      on: { 'file.start': { target: 'uploading', actions: 'storeTarget' } },
    },
    uploading: {
      tags: 'busy',
      initial: 'findingPrevious',
      on: { 'file.keyRefreshed': { actions: 'storeKey' } },
      states: {
        findingPrevious: {
          invoke: {
            id: 'findPreviousUpload',
            src: 'findPreviousUpload',
            input: ({ context }) => ({ ...inputOf(context), ...context.target! }),
            onDone: { target: 'sending', actions: { type: 'storePrevious', params: ({ event }) => ({ output: event.output }) } },
            // No stored upload to resume is not a failure: start a new one.
            onError: { target: 'sending', actions: 'forgetPrevious' },
          },
        },
        sending: {
          invoke: {
            id: 'tusUpload',
            src: 'tusUpload',
            input: ({ context }) => ({ ...inputOf(context), ...context.target!, previous: context.previous }),
          },
          on: {
            'file.keyRefreshed': { actions: ['storeKey', 'forwardKey'] },
            'tus.progress': { actions: ['storeProgress', 'reportProgress'] },
            'tus.success': { target: '#fileUpload.done', actions: 'completeProgress' },
            'tus.error': [
              { guard: 'canRetry', target: 'retrying', actions: 'storeFailure' },
              { target: '#fileUpload.failed', actions: 'storeFailure' },
            ],
          },
        },
        retrying: {
          tags: 'error',
          after: { uploadRetryDelay: { target: 'findingPrevious', actions: 'countRetry' } },
        },
      },
    },
    done: { type: 'final', entry: ['reportProgress', 'reportDone'] },
    failed: { type: 'final', tags: 'error', entry: 'reportFailed' },
  },
});

function inputOf(context: FileUploadContext): FileUploadInput {
  const { id, file, bucketId, objectName, contentType, allowedMimeTypes } = context;
  return { id, file, bucketId, objectName, contentType, allowedMimeTypes };
}

export type FileUploadMachine = typeof fileUploadMachine;
