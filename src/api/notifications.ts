// HTTP of the notifications bell and popover (spec A7 Notifications; issue 21).
import { api } from './client.ts';
import type { Notification, NotificationFilters, NotificationSummary, NotificationStatus } from '../domain/notifications.ts';

export const fetchNotificationSummary = () => api.get('platform/notifications/summary').json<NotificationSummary>();

/** spec A7: offset, limit, status, and when filtered priority / org_slug / project_ref as comma lists. */
export function fetchNotifications(input: { status: string; filters: NotificationFilters; offset: number; limit: number }, signal?: AbortSignal) {
  const searchParams: Record<string, string | number> = { offset: input.offset, limit: input.limit, status: input.status };
  if (input.filters.priorities.length) searchParams.priority = input.filters.priorities.join(',');
  if (input.filters.orgSlugs.length) searchParams.org_slug = input.filters.orgSlugs.join(',');
  if (input.filters.projectRefs.length) searchParams.project_ref = input.filters.projectRefs.join(',');
  return api.get('platform/notifications', { searchParams, signal }).json<Notification[]>();
}

export const updateNotifications = (updates: { id: string; status: NotificationStatus }[]) =>
  api.patch('platform/notifications', { json: updates }).json<Notification[]>();

export const archiveAllNotifications = () => api.patch('platform/notifications/archive-all').json<{ archived: number }>();
