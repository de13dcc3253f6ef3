// Request schemas of /platform/notifications (spec A7; issue 21), shared by server/ and the console.
import { z } from 'zod';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_STATUSES, NOTIFICATIONS_PAGE_SIZE } from '../../domain/notifications.ts';
import { ORG_SLUG_PATTERN, PROJECT_REF_PATTERN } from './platformFields.ts';

const commaList = <T extends string>(what: string, valid: (value: string) => value is T) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      const values = (text ?? '').split(',').map((v) => v.trim()).filter(Boolean);
      const bad = values.find((v) => !valid(v));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `has an unknown ${what}: ${bad.slice(0, 64)}` });
        return z.NEVER;
      }
      return [...new Set(values)] as T[];
    });

const isStatus = (v: string): v is (typeof NOTIFICATION_STATUSES)[number] => (NOTIFICATION_STATUSES as readonly string[]).includes(v);
const isPriority = (v: string): v is (typeof NOTIFICATION_PRIORITIES)[number] => (NOTIFICATION_PRIORITIES as readonly string[]).includes(v);
const isSlug = (v: string): v is string => ORG_SLUG_PATTERN.test(v);
const isRef = (v: string): v is string => PROJECT_REF_PATTERN.test(v);

export const notificationsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
  status: commaList('status', isStatus),
  priority: commaList('priority', isPriority),
  org_slug: commaList('organization slug', isSlug),
  project_ref: commaList('project ref', isRef),
});

export const notificationUpdatesBody = z
  .array(
    z.object({
      id: z.uuid({ error: 'must be a notification id' }),
      status: z.enum(NOTIFICATION_STATUSES),
    }),
  )
  .min(1)
  .max(100);
export type NotificationUpdates = z.infer<typeof notificationUpdatesBody>;
