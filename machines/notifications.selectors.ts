// Selectors of the notifications machine: the bell and the popover read these, never the whole snapshot.
import type { SnapshotFrom } from 'xstate';
import {
  bellIndicator,
  emptyNotificationsText,
  filterCount,
  hasNextNotificationPage,
  type BellIndicator,
  type Notification,
  type NotificationFilters,
  type NotificationTab,
} from '../src/domain/notifications.ts';
import type { NotificationsMachine } from './notifications.machine.ts';

type Snapshot = SnapshotFrom<NotificationsMachine>;

export const selectIsOpen = (s: Snapshot): boolean => s.matches('open');
export const selectUnreadCount = (s: Snapshot): number => s.context.summary?.unread_count ?? 0;
export const selectIndicator = (s: Snapshot): BellIndicator => bellIndicator(s.context.summary);
export const selectTab = (s: Snapshot): NotificationTab => s.context.tab;
export const selectUnreadOnly = (s: Snapshot): boolean => s.context.unreadOnly;
/** spec A4.8: the Unread filter is disabled on Archived. */
export const selectUnreadDisabled = (s: Snapshot): boolean => s.context.tab === 'archived';
export const selectFilters = (s: Snapshot): NotificationFilters => s.context.filters;
export const selectFilterCount = (s: Snapshot): number => filterCount(s.context.filters);
export const selectItems = (s: Snapshot): Notification[] => s.context.items;
export const selectIsLoadingFirstPage = (s: Snapshot): boolean => s.matches({ open: 'loadingFirstPage' });
export const selectIsLoadingMore = (s: Snapshot): boolean => s.matches({ open: 'loadingMore' });
export const selectHasMore = (s: Snapshot): boolean =>
  s.context.lastPageLength !== null && hasNextNotificationPage(s.context.lastPageLength);
/** The list failed: the message of 'Failed to retrieve notifications' and whether rows are still shown. */
export const selectListError = (s: Snapshot): string | null => (s.matches({ open: 'failed' }) ? s.context.error : null);
export const selectIsEmpty = (s: Snapshot): boolean => s.matches({ open: 'idle' }) && s.context.items.length === 0;
export const selectEmptyText = (s: Snapshot): string => emptyNotificationsText(s.context.tab, s.context.unreadOnly, s.context.filters);
/** The row being archived or unarchived. */
export const selectPendingId = (s: Snapshot): string | null => (s.matches({ open: 'updating' }) ? (s.context.pending?.id ?? null) : null);
export const selectCanArchiveAll = (s: Snapshot): boolean =>
  s.matches({ open: 'idle' }) && s.context.tab === 'inbox' && s.context.items.length > 0;
export const selectIsArchivingAll = (s: Snapshot): boolean => s.matches({ open: 'archivingAll' });
