// Recent items of the table and SQL editors (spec B2.2, B3): newest first, table items capped, saved per project.
import { cleanMetadata, isTabType, labelOrDefault, tabKind, type TabMetadata, type TabType } from './editor-tabs.ts';

/** Recent table-type items kept; SQL items are not capped. spec B9 ("Recent table items cap: 8") */
export const RECENT_TABLE_ITEMS_CAP = 8;

/** A recent item. spec B3 */
export interface RecentItem {
  /** The type-prefixed id, as the item's tab (r-16384, sql-…). */
  id: string;
  type: TabType;
  /** 'Untitled' when none is given. spec B2.2 */
  label: string;
  /** Milliseconds since the epoch of the last time it was added. */
  timestamp: number;
  metadata: TabMetadata;
}

export interface RecentItemInput {
  id: string;
  type: TabType;
  label?: string;
  metadata?: TabMetadata;
}

/** Table items beyond the cap (the oldest, as the list is newest first) are dropped; SQL items all stay. spec B2.2 */
function capTableItems(items: RecentItem[]): RecentItem[] {
  let tables = 0;
  return items.filter((item) => tabKind(item.type) === 'sql' || ++tables <= RECENT_TABLE_ITEMS_CAP);
}

/**
 * Adds an item at the front. An item already there moves to the front with the new timestamp (and label), so an
 * id appears once. spec B2.2
 */
export function addRecentItem(items: readonly RecentItem[], input: RecentItemInput, timestamp: number): RecentItem[] {
  const item: RecentItem = {
    id: input.id,
    type: input.type,
    label: labelOrDefault(input.label),
    timestamp,
    metadata: cleanMetadata(input.metadata),
  };
  return capTableItems([item, ...items.filter((other) => other.id !== input.id)]);
}

/** Removes an item; the same array when it was not there. */
export function removeRecentItem(items: RecentItem[], id: string): RecentItem[] {
  return items.some((item) => item.id === id) ? items.filter((item) => item.id !== id) : items;
}

export const serializeRecentItems = (items: readonly RecentItem[]): string => JSON.stringify(items);

function parseRecentItem(raw: unknown): RecentItem | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const source = raw as Record<string, unknown>;
  if (typeof source.id !== 'string' || source.id === '' || !isTabType(source.type)) return null;
  if (typeof source.timestamp !== 'number' || !Number.isFinite(source.timestamp)) return null;
  return {
    id: source.id,
    type: source.type,
    label: labelOrDefault(source.label),
    timestamp: source.timestamp,
    metadata: cleanMetadata(source.metadata),
  };
}

/** Reads stored recent items: garbage gives [], bad entries are skipped, duplicates and excess table items dropped. */
export function parseRecentItems(raw: string | null | undefined): RecentItem[] {
  let data: unknown;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const items: RecentItem[] = [];
  for (const entry of data) {
    const item = parseRecentItem(entry);
    if (!item || seen.has(item.id)) continue;
    seen.add(item.id);
    items.push(item);
  }
  return capTableItems(items);
}
