import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  badgeIsWide,
  badgeText,
  bellIndicator,
  emptyNotificationsText,
  fillActionUrl,
  hasNextNotificationPage,
  NO_FILTERS,
  NOTIFICATIONS_PAGE_SIZE,
  statusQuery,
} from './notifications.ts';

describe('notification rules (spec A2.11, A4.8, C§9)', () => {
  it('page size 10; the next page only after a full one', () => {
    expect(NOTIFICATIONS_PAGE_SIZE).toBe(10);
    expect(hasNextNotificationPage(10)).toBe(true);
    expect(hasNextNotificationPage(9)).toBe(false);
  });

  it('bell precedence: critical, then warning, then unread', () => {
    fc.assert(
      fc.property(fc.nat(200), fc.boolean(), fc.boolean(), (unread_count, has_warning, has_critical) => {
        const indicator = bellIndicator({ unread_count, has_warning, has_critical });
        expect(indicator).toBe(has_critical ? 'critical' : has_warning ? 'warning' : unread_count > 0 ? 'unread' : 'none');
      }),
    );
    expect(bellIndicator(null)).toBe('none');
  });

  it('the badge widens above 9', () => {
    expect(badgeIsWide(9)).toBe(false);
    expect(badgeIsWide(10)).toBe(true);
    expect(badgeText(12)).toBe('12');
    expect(badgeText(150)).toBe('99+');
  });

  it('status per tab: Inbox new,seen; Unread new; Archived archived', () => {
    expect(statusQuery('inbox', false)).toBe('new,seen');
    expect(statusQuery('inbox', true)).toBe('new');
    expect(statusQuery('archived', true)).toBe('archived');
  });

  it('empty texts with the filter count', () => {
    expect(emptyNotificationsText('inbox', true, NO_FILTERS)).toBe('All caught up');
    expect(emptyNotificationsText('inbox', false, NO_FILTERS)).toBe('No notifications');
    expect(emptyNotificationsText('archived', false, NO_FILTERS)).toBe('No archived notifications');
    const one = { ...NO_FILTERS, priorities: ['Warning' as const] };
    expect(emptyNotificationsText('inbox', false, one)).toBe('No notifications based on the 1 filter applied');
    expect(emptyNotificationsText('inbox', true, { ...one, orgSlugs: ['a'] })).toBe('No notifications based on the 2 filters applied');
    expect(emptyNotificationsText('archived', false, one)).toBe('No archived notifications based on the 1 filter applied');
  });

  it('action urls fill [ref] and [slug]', () => {
    expect(fillActionUrl('/project/[ref]/settings?org=[slug]', { project_ref: 'abc', org_slug: 'acme' })).toBe('/project/abc/settings?org=acme');
  });
});
