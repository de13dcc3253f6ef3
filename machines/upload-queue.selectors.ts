// Plain selectors of the upload queue actor (the progress toast reads these).
import type { SnapshotFrom } from 'xstate';
import type { UploadQueueMachine } from './upload-queue.machine.ts';

export type UploadQueueSnapshot = SnapshotFrom<UploadQueueMachine>;

const runFiles = (s: UploadQueueSnapshot) => s.context.run?.files ?? [];

/** The progress toast is up while files of a run are being sent or cancelled. */
export const selectIsUploading = (s: UploadQueueSnapshot): boolean => s.matches('running') || s.matches('cancelling');
export const selectIsCancelling = (s: UploadQueueSnapshot): boolean => s.matches('cancelling');
export const selectIsBusy = (s: UploadQueueSnapshot): boolean => s.hasTag('busy');
/** Files of the current run (after the up-front rejections). */
export const selectFileCount = (s: UploadQueueSnapshot): number => runFiles(s).length;
export const selectSettledCount = (s: UploadQueueSnapshot): number =>
  runFiles(s).filter((file) => file.status === 'done' || file.status === 'failed').length;
export const selectTotalBytes = (s: UploadQueueSnapshot): number => runFiles(s).reduce((sum, file) => sum + file.size, 0);
/** Bytes sent or settled; never more than the total (each file's count is capped at its size). */
export const selectSentBytes = (s: UploadQueueSnapshot): number =>
  runFiles(s).reduce((sum, file) => sum + Math.min(file.size, file.sent), 0);
export const selectWaitingRequests = (s: UploadQueueSnapshot): number => s.context.waiting.length;
