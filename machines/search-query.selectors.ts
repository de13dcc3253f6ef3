// Plain selectors of a search box's query actor.
import type { SnapshotFrom } from 'xstate';
import type { SearchQueryMachine } from './search-query.machine.ts';

type Snapshot = SnapshotFrom<SearchQueryMachine>;

export const selectSearchText = (s: Snapshot): string => s.context.text;
export const selectSearchQuery = (s: Snapshot): string => s.context.query;
/** Typing has not paused yet: the shown results are of the previous query. */
export const selectSearchPending = (s: Snapshot): boolean => s.matches('waiting');
