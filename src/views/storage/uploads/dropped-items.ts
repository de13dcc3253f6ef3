// STUB (issue 8, helper V fills it in): walks dropped files and folders.
import type { UploadFileEntry } from './useUploads.ts';

export async function collectDroppedItems(_dataTransfer: DataTransfer): Promise<UploadFileEntry[]> {
  return [];
}
