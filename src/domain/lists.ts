// Paged ("infinite") lists: projects, notifications, the table list (spec A7, C9).

/** The generic debounce of typed searches; lists with their own figure pass it instead (projects: 500 ms). */
export const GENERIC_DEBOUNCE_MS = 1000; // spec C9

/** Offset of the next page: page × limit (spec A7), i.e. the number of pages already loaded × the page size. */
export function nextPageOffset(pagesLoaded: number, pageSize: number): number {
  return pagesLoaded * pageSize;
}

/** spec A7: a next page exists while pages × limit < count (an unknown count means nothing is loaded yet). */
export function hasMorePages(pagesLoaded: number, pageSize: number, count: number | null): boolean {
  return count !== null && pagesLoaded * pageSize < count;
}

/** A typed search as the API receives it: surrounding blanks dropped ('' means no search; spec A7 omits it). */
export function normaliseSearch(text: string): string {
  return text.trim();
}

/** Whether two status filters select the same statuses, whatever their order. */
export function sameStatuses(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((status) => set.has(status));
}
