// The project's query history (issue 7: time, duration, rows, status; searchable), newest first, paged on scroll.
import { useActorRef, useSelector } from '@xstate/react';
import {
  selectError,
  selectHasMore,
  selectIsEmpty,
  selectIsLoadingFirstPage,
  selectItems,
  selectSearchText,
} from '../../../machines/infinite-list.selectors.ts';
import { HISTORY_PAGE_SIZE, sqlHistoryListMachine } from '../../actors/sql-editor.ts';
import type { SqlHistoryEntry } from '../../api/schemas/sqlEditor.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import * as css from './SqlEditor.css.ts';
import { devInspect } from '../../dev/live-inspect.ts';

const formatMs = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

export function HistoryPanel({ projectRef }: { projectRef: string }) {
  const list = useActorRef(sqlHistoryListMachine, {
    input: { pageSize: HISTORY_PAGE_SIZE, base: { projectRef }, search: '', sort: undefined, statuses: [] },
    inspect: devInspect,
  });
  const entries = useSelector(list, (snapshot) => selectItems<SqlHistoryEntry>(snapshot));
  const searchText = useSelector(list, selectSearchText);
  const loading = useSelector(list, selectIsLoadingFirstPage);
  const error = useSelector(list, selectError);
  const empty = useSelector(list, selectIsEmpty);
  const hasMore = useSelector(list, selectHasMore);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <div className={css.resultsBar}>
        <TextField aria-label="Search history" placeholder="Search history" value={searchText} onChange={(search) => list.send({ type: 'list.search', text: search })} />
        <Button size="tiny" variant="ghost" onPress={() => list.send({ type: 'list.refresh' })}>
          Refresh
        </Button>
      </div>
      {loading ? <Spinner label="Loading the history" /> : null}
      {error ? (
        <p className={css.errorText} role="alert">
          Failed to load the history: {error} <Button size="tiny" onPress={() => list.send({ type: 'list.retry' })}>Retry</Button>
        </p>
      ) : null}
      {empty ? <p className={css.resultNote}>{searchText ? 'No query in the history matches.' : 'Queries you run appear here.'}</p> : null}
      <ul
        className={css.historyList}
        aria-label="Query history"
        onScroll={(event) => {
          const box = event.currentTarget;
          if (hasMore && box.scrollTop + box.clientHeight > box.scrollHeight - 200) list.send({ type: 'list.loadMore' });
        }}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {entries.map((entry) => (
          <li key={entry.id} className={css.historyItem}>
            <span className={css.historyQuery} title={entry.query}>
              {entry.query}
            </span>
            <CopyButton text={entry.query} label="Copy query" />
            <span className={css.historyMeta}>
              {new Date(entry.started_at).toLocaleString()} · {formatMs(entry.duration_ms)} ·{' '}
              {entry.status === 'success' ? `${entry.row_count ?? 0} row(s)` : entry.status === 'cancelled' ? 'cancelled' : `error: ${entry.error ?? ''}`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
