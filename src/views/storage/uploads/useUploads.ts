// STUB (issue 8, helper V fills it in): the explorer's way into the upload queue.
export interface UploadFileEntry {
  file: File;
  /** Path below the drop target ('' for a flat pick), e.g. 'photos/2024/a.png'. */
  relativePath: string;
}

export interface UploadRequest {
  projectRef: string;
  bucketId: string;
  prefix: string;
  files: UploadFileEntry[];
  /** Names already in the target folder, for the '{base} ({n}).{ext}' autofix. */
  existingNames: string[];
}

export function useUploads(): { enqueue(request: UploadRequest): void } {
  return {
    enqueue() {
      throw new Error('uploads are not wired yet');
    },
  };
}

export function useUploadsSettled(_callback: (event: { bucketId: string; prefixes: string[] }) => void): void {}
