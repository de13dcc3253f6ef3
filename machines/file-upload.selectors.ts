// Plain selectors of one file upload actor.
import type { SnapshotFrom } from 'xstate';
import type { FileUploadMachine } from './file-upload.machine.ts';

export type FileUploadSnapshot = SnapshotFrom<FileUploadMachine>;
export type FileUploadStatus = 'queued' | 'uploading' | 'done' | 'failed';

export const selectFileStatus = (s: FileUploadSnapshot): FileUploadStatus =>
  s.matches('queued') ? 'queued' : s.matches('done') ? 'done' : s.matches('failed') ? 'failed' : 'uploading';
export const selectFileError = (s: FileUploadSnapshot): string | null => (s.matches('failed') ? s.context.error : null);
export const selectIsRetrying = (s: FileUploadSnapshot): boolean => s.matches({ uploading: 'retrying' });
export const selectRetries = (s: FileUploadSnapshot): number => s.context.attempt;
export const selectBytesSent = (s: FileUploadSnapshot): number => s.context.bytesSent;
