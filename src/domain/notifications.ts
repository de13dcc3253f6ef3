// Notifications (spec A2.11, A3 Notification, A4.8, C§9): the pure rules of the bell and the popover.

/** spec C§9: page size 10; the next page only when the last page returned a full 10. */
export const NOTIFICATIONS_PAGE_SIZE = 10;
/** spec C§9: default row height. */
export const NOTIFICATION_ROW_HEIGHT = 56;

export const NOTIFICATION_STATUSES = ['new', 'seen', 'archived'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
/** spec A3: priority Warning | Critical | other (the platform writes 'Info' for the others). */
export const NOTIFICATION_PRIORITIES = ['Critical', 'Warning', 'Info'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

export interface NotificationAction {
  label: string;
  url: string;
  action_type?: string;
}

export interface NotificationData {
  title: string;
  /** Markdown, rendered sanitised (src/domain/markdown.ts). */
  message: string;
  project_ref?: string | null;
  org_slug?: string | null;
  actions?: NotificationAction[];
}

export interface Notification {
  id: string;
  status: NotificationStatus;
  priority: NotificationPriority;
  inserted_at: string;
  data: NotificationData;
}

export interface NotificationSummary {
  unread_count: number;
  has_warning: boolean;
  has_critical: boolean;
}

export type NotificationTab = 'inbox' | 'archived';

export interface NotificationFilters {
  priorities: NotificationPriority[];
  orgSlugs: string[];
  projectRefs: string[];
}

export const NO_FILTERS: NotificationFilters = { priorities: [], orgSlugs: [], projectRefs: [] };

export function filterCount(filters: NotificationFilters): number {
  return filters.priorities.length + filters.orgSlugs.length + filters.projectRefs.length;
}

/** spec A4.8: Inbox lists new and seen, 'Unread' only new; Archived lists archived (and disables Unread). */
export function statusQuery(tab: NotificationTab, unreadOnly: boolean): string {
  if (tab === 'archived') return 'archived';
  return unreadOnly ? 'new' : 'new,seen';
}

/** spec C§9: a next page only when the last page returned a full page. */
export function hasNextNotificationPage(lastPageLength: number): boolean {
  return lastPageLength === NOTIFICATIONS_PAGE_SIZE;
}

/** spec A2.11: the empty state's text, with ' based on the N filter(s) applied' when filters apply. */
export function emptyNotificationsText(tab: NotificationTab, unreadOnly: boolean, filters: NotificationFilters): string {
  const count = filterCount(filters);
  if (tab === 'inbox' && unreadOnly && count === 0) return 'All caught up';
  const base = tab === 'archived' ? 'No archived notifications' : 'No notifications';
  return count > 0 ? `${base} based on the ${count} filter${count === 1 ? '' : 's'} applied` : base;
}

/** spec A2.11: the filter list's empty search text. */
export const NO_FILTERS_MATCH = 'No filters found that match your search';
export const NOTIFICATIONS_LOAD_ERROR = 'Failed to retrieve notifications';
export const archiveAllFailed = (message: string) => `Failed to archive all notifications: ${message}`;
export const ARCHIVE_ALL_DONE = 'Successfully archived all notifications';
export const updateFailed = (message: string) => `Failed to update notifications: ${message}`;

/** spec A2.11: action urls may hold [ref] / [slug], filled with the notification's project_ref / org_slug. */
export function fillActionUrl(url: string, data: Pick<NotificationData, 'project_ref' | 'org_slug'>): string {
  return url.replaceAll('[ref]', data.project_ref ?? '_').replaceAll('[slug]', data.org_slug ?? '_');
}

export type BellIndicator = 'critical' | 'warning' | 'unread' | 'none';

/** spec A4.8: the bell's indicator, by precedence: critical marker, then warning dot, then unread dot. */
export function bellIndicator(summary: NotificationSummary | null): BellIndicator {
  if (!summary) return 'none';
  if (summary.has_critical) return 'critical';
  if (summary.has_warning) return 'warning';
  return summary.unread_count > 0 ? 'unread' : 'none';
}

/** spec A4.8: the unread badge widens above 9. */
export function badgeIsWide(unreadCount: number): boolean {
  return unreadCount > 9;
}

/** The badge's text: the count, capped for the header (99+). */
export function badgeText(unreadCount: number): string {
  return unreadCount > 99 ? '99+' : String(unreadCount);
}

/**
 * How often the bell reads the summary again while the popover is closed. Not a spec figure: the spec names no
 * notification poll; a minute keeps a new notification's dot from waiting for a reload.
 */
export const NOTIFICATIONS_SUMMARY_POLL_MS = 60_000;
