// A search across the whole opened bucket (issue 14): the box waits for a pause in typing (300 ms) before it asks
// the platform (POST …/objects/search: any part of the full name, case-insensitive), then lists the files found;
// choosing one shows it in the preview pane. The folder size of the open folder sits beside it.
import { useEffect, useRef } from 'react';
import type { StorageSearchHit } from '../../api/schemas/storage-search.ts';
import { folderSizeTask, searchBucketTask } from '../../actors/storage-preview.ts';
import { formatBytes } from '../../domain/format.ts';
import { TextField } from '../../ui/TextField.tsx';
import { useSearchQuery } from '../shared/useSearchQuery.ts';
import { useTaskRead } from '../shared/useTask.ts';
import * as css from './Storage.css.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/** The search box; `onQuery` gets the text once typing paused (trimmed; '' when cleared, at once). */
export function BucketSearchBox({ bucketId, onQuery }: { bucketId: string; onQuery: (query: string) => void }) {
  const { actor, text, type } = useSearchQuery(SEARCH_DEBOUNCE_MS);
  // Another bucket: the box starts over (and a query shown is cleared at once).
  useEffect(() => actor.send({ type: 'query.reset' }), [actor, bucketId]);
  const latest = useRef(onQuery);
  useEffect(() => {
    latest.current = onQuery;
  });
  useEffect(() => {
    const settled = actor.on('query.settled', (event) => latest.current(event.query));
    return () => settled.unsubscribe();
  }, [actor]);
  return <TextField aria-label="Search files in this bucket" placeholder="Search files in this bucket" type="search" value={text} onChange={type} />;
}

export function BucketSearchResults(props: { projectRef: string; bucketId: string; query: string; onPick: (hit: StorageSearchHit) => void; picked: string | null }) {
  const { data, error, loading } = useTaskRead(searchBucketTask, { ref: props.projectRef, bucketId: props.bucketId, query: props.query }, JSON.stringify([props.projectRef, props.bucketId, props.query]));
  return (
    <div className={css.listWrap} data-testid="storage-search-results">
      {loading ? <p className={css.columnEmpty}>Searching…</p> : null}
      {error ? <p className={css.alert} role="alert">{`The search failed: ${error}`}</p> : null}
      {data ? (
        <>
          <p className={css.columnEmpty} role="status">
            {data.length === 0 ? `No file matches “${props.query}”.` : `${data.length === 100 ? 'The first 100' : data.length} file${data.length === 1 ? '' : 's'} found`}
          </p>
          <ul className={css.searchResults} aria-label="Files found">
            {data.map((hit) => (
              <li key={hit.id}>
                <button type="button" className={css.searchHit} aria-current={props.picked === hit.name ? 'true' : undefined} onClick={() => props.onPick(hit)}>
                  <span className={css.rowName}>{hit.name}</span>
                  <span className={css.rowMeta}>{hit.size === null ? '' : formatBytes(hit.size)}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** "Folder size: 1.2 MB in 34 files" for the open folder (computed by the platform over every level below it). */
export function FolderSize({ projectRef, bucketId, path, version }: { projectRef: string; bucketId: string; path: string; version: number }) {
  const { data, error } = useTaskRead(folderSizeTask, { ref: projectRef, bucketId, path }, JSON.stringify([projectRef, bucketId, path, version]));
  if (error || !data) return null;
  return (
    <span className={css.rowMeta} data-testid="storage-folder-size">
      {`${path === '' ? 'Bucket' : 'Folder'} size: ${formatBytes(data.bytes)} in ${data.files.toLocaleString('en-US')} file${data.files === 1 ? '' : 's'}`}
    </span>
  );
}
