// The explorer's way into the upload queue (the seam of issue 8, signatures agreed with the explorer).
import { useContext, useEffect, useMemo, useRef } from 'react';
import type { UploadSettledEmitted } from '../../../../machines/upload-queue.machine.ts';
import { UploadsContext, UploadsLoaderContext } from './uploads-context.ts';

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

export interface UploadsSettledEvent {
  bucketId: string;
  prefixes: string[];
  projectRef: string;
}

/**
 * `enqueue` hands files to the queue; it throws when no UploadsProvider (or lazy host) is mounted above. Under the
 * lazy host, the first page using this asks for the queue; files enqueued before it is ready wait for it.
 */
export function useUploads(): { enqueue(request: UploadRequest): void } {
  const actorRef = useContext(UploadsContext);
  const loader = useContext(UploadsLoaderContext);
  useEffect(() => {
    if (!actorRef) loader?.load();
  }, [actorRef, loader]);
  return useMemo(
    () => ({
      enqueue(request: UploadRequest) {
        if (request.files.length === 0) return;
        if (actorRef) actorRef.send({ type: 'upload.enqueue', request });
        else if (loader) loader.enqueue(request);
        else throw new Error('useUploads: no <UploadsProvider> is mounted above this component');
      },
    }),
    [actorRef, loader],
  );
}

/** Calls back when a run has finished, with the bucket and the folders whose listing changed. */
export function useUploadsSettled(callback: (event: UploadsSettledEvent) => void): void {
  const actorRef = useContext(UploadsContext);
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => {
    if (!actorRef) return;
    const subscription = actorRef.on('settled', (event: UploadSettledEmitted) =>
      latest.current({ bucketId: event.bucketId, prefixes: event.prefixes, projectRef: event.projectRef }),
    );
    return () => subscription.unsubscribe();
  }, [actorRef]);
}
