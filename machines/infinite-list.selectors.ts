// Selectors of the infinite list: views read these through useSelector, never the whole snapshot.
import type { SnapshotFrom } from 'xstate';
import { hasMorePages } from '../src/domain/lists.ts';
import type { InfiniteListMachine } from './infinite-list.machine.ts';

type InfiniteListSnapshot = SnapshotFrom<InfiniteListMachine>;

// One flat array per pages array, so useSelector sees the same reference until a page lands.
const flattened = new WeakMap<unknown[][], unknown[]>();

/** Every item loaded for the applied query, in order. The item type is the caller's (the fetch decides it). */
export function selectItems<TItem>(snapshot: InfiniteListSnapshot): TItem[] {
  const { pages } = snapshot.context;
  let items = flattened.get(pages);
  if (!items) {
    items = pages.flat();
    flattened.set(pages, items);
  }
  return items as TItem[];
}

/** The total for the applied query (null until its first page arrives). spec A3 pagination.count */
export const selectCount = (snapshot: InfiniteListSnapshot): number | null => snapshot.context.count;

/** spec A7: more pages exist while pages × limit < count. */
export const selectHasMore = (snapshot: InfiniteListSnapshot): boolean =>
  hasMorePages(snapshot.context.pages.length, snapshot.context.pageSize, snapshot.context.count);

/** The search box's value (as typed, before the debounce applies it). */
export const selectSearchText = (snapshot: InfiniteListSnapshot): string => snapshot.context.searchText;

/** The search the shown items belong to. */
export const selectSearch = (snapshot: InfiniteListSnapshot): string => snapshot.context.search;
export const selectSort = (snapshot: InfiniteListSnapshot): string | undefined => snapshot.context.sort;
export const selectStatuses = (snapshot: InfiniteListSnapshot): string[] => snapshot.context.statuses;

/** Nothing to show yet for the applied query: skeletons. */
export const selectIsLoadingFirstPage = (snapshot: InfiniteListSnapshot): boolean =>
  snapshot.context.count === null && !snapshot.hasTag('error');

/** A further page is on its way. */
export const selectIsLoadingMore = (snapshot: InfiniteListSnapshot): boolean => snapshot.matches('loadingMore');

/** The failure's message while the list is failed, else null. */
export const selectError = (snapshot: InfiniteListSnapshot): string | null =>
  snapshot.hasTag('error') ? snapshot.context.error : null;

/** True when the failure left nothing to show (the first page failed). */
export const selectFailedWithoutItems = (snapshot: InfiniteListSnapshot): boolean =>
  snapshot.matches({ failed: 'firstPage' }) && snapshot.context.pages.length === 0;

/** The applied query found nothing. */
export const selectIsEmpty = (snapshot: InfiniteListSnapshot): boolean =>
  snapshot.context.count === 0 && !snapshot.hasTag('error');

/** A search or a status filter narrows the list (an empty result then means "nothing matches", not "none exist"). */
export const selectIsFiltered = (snapshot: InfiniteListSnapshot): boolean =>
  snapshot.context.search !== '' || snapshot.context.statuses.length > 0;
