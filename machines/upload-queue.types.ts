// Types of the upload queue machine (upload-queue.machine.ts): requests, the run, its files, events, emitted toasts.
import type { UploadSourceFile } from '../src/domain/storage-uploads.ts';
import type { FileDoneReport, FileFailedReport, FileProgressReport } from './file-upload.machine.ts';

export interface UploadRequestInput {
  projectRef: string;
  bucketId: string;
  prefix: string;
  files: readonly { file: UploadSourceFile; relativePath: string }[];
  existingNames: readonly string[];
}

/** What `prepareUploads` finds out about the target before anything is sent. */
export interface UploadTarget {
  apiUrl: string;
  apiKey: string;
  /** The project's global upload limit in bytes (null: unknown, no check). */
  fileSizeLimit: number | null;
  allowedMimeTypes: readonly string[] | null;
}

export type QueueFileStatus = 'queued' | 'uploading' | 'done' | 'failed';

export interface QueueFile {
  id: string;
  file: UploadSourceFile;
  objectName: string;
  contentType: string;
  size: number;
  sent: number;
  status: QueueFileStatus;
}

export interface UploadRun {
  request: UploadRequestInput;
  target: UploadTarget | null;
  files: QueueFile[];
  cancelled: boolean;
}

export interface UploadQueueContext {
  batchSize: number;
  /** Requests waiting for the current run to end. */
  waiting: UploadRequestInput[];
  run: UploadRun | null;
  /** Runs started so far; names the file actors uniquely. */
  runs: number;
}

export type UploadEnqueueEvent = { type: 'upload.enqueue'; request: UploadRequestInput };
export type UploadCancelEvent = { type: 'upload.cancel' };
export type UploadQueueEvent = UploadEnqueueEvent | UploadCancelEvent | FileProgressReport | FileDoneReport | FileFailedReport;

/** A toast to show (the provider renders it). `link: 'storageSettings'` adds the way to the settings page. */
export type UploadNoticeEmitted = {
  type: 'notice';
  kind: 'success' | 'error' | 'info';
  message: string;
  description?: string;
  timeout?: number;
  link?: 'storageSettings';
  projectRef: string;
};
/** A run ended: the explorer refreshes these folders of the bucket. */
export type UploadSettledEmitted = { type: 'settled'; projectRef: string; bucketId: string; prefixes: string[] };
export type UploadQueueEmitted = UploadNoticeEmitted | UploadSettledEmitted;
