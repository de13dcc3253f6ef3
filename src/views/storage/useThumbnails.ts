// Thumbnails of a column's image files (issue 14): their URLs, signed in batches by the thumbnails task. A column
// signs what it lists: the first page's images in one request when it opens, each further page's in one more when
// it lands (nextThumbnailBatch: at most a page's worth, never a version of a file twice). A batch that fails is not
// tried again for the same files (a read-only member gets no temporary key: those rows keep their icon).
import { useEffect, useMemo, useState } from 'react';
import { createThumbnailSigner, thumbnailUrlsTaskWith, type ThumbnailBatch } from '../../actors/storage-preview.ts';
import { nextThumbnailBatch, thumbnailKey, type ThumbnailItem } from '../../domain/storage-preview.ts';
import type { TaskMachine } from '../../../machines/task.machine.ts';
import { useTask } from '../shared/useTask.ts';

/**
 * Where a column's thumbnails are signed; `task` is the explorer's (its signer keeps the project's temporary key for
 * all its columns: useThumbnailsTask), or a test's.
 */
export interface ThumbnailSource {
  projectRef: string;
  bucketId: string;
  isPublic: boolean;
  task?: TaskMachine<ThumbnailBatch, Record<string, string>>;
}

/** The thumbnails task of one owner (the explorer): its signer lives as long as the owner (issue 15). */
export function useThumbnailsTask(): TaskMachine<ThumbnailBatch, Record<string, string>> {
  const [task] = useState(() => thumbnailUrlsTaskWith(createThumbnailSigner()));
  return task;
}

// A file version's URL, null when it could not be had, 'pending' while its batch runs.
type Known = ReadonlyMap<string, string | null | 'pending'>;

/** The thumbnail URL of each listed image file that has one, by path. */
export function useThumbnails(items: readonly ThumbnailItem[], source: ThumbnailSource | undefined): ReadonlyMap<string, string> {
  const [known, setKnown] = useState<Known>(() => new Map());
  const settle = (urls: Record<string, string> | null) =>
    setKnown((previous) => {
      const next = new Map(previous);
      for (const [key, value] of previous) {
        if (value !== 'pending') continue;
        const path = key.slice(0, key.indexOf('\u0000'));
        next.set(key, urls?.[path] ?? null);
      }
      return next;
    });
  // A column given no task signs with a signer of its own.
  const ownTask = useThumbnailsTask();
  const task = useTask(source?.task ?? ownTask, { onDone: (urls) => settle(urls), onFailed: () => settle(null) });
  const { actor, running } = task;
  const batch = useMemo(() => (source ? nextThumbnailBatch(items, new Set(known.keys())) : []), [items, known, source]);
  const { projectRef, bucketId, isPublic } = source ?? {};

  // Signs the next batch once the previous one is settled: a page landing while a batch runs waits for it (the
  // task ignores a second run), then goes in the next request.
  useEffect(() => {
    if (running || batch.length === 0 || projectRef === undefined || bucketId === undefined || isPublic === undefined) return;
    setKnown((previous) => new Map([...previous, ...batch.map((item) => [thumbnailKey(item), 'pending'] as const)]));
    actor.send({ type: 'task.run', input: { ref: projectRef, bucketId, isPublic, paths: batch.map((item) => item.path) } });
  }, [actor, batch, running, projectRef, bucketId, isPublic]);

  return useMemo(() => {
    const urls = new Map<string, string>();
    for (const item of items) {
      const url = known.get(thumbnailKey(item));
      if (typeof url === 'string' && url !== 'pending') urls.set(item.path, url);
    }
    return urls;
  }, [items, known]);
}
