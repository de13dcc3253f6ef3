// Real effects of the notifications machine (issue 21): the platform's notifications calls.
import { fromPromise } from 'xstate';
import { notificationsMachine, type FetchNotificationsInput, type NotificationUpdate } from '../../machines/notifications.machine.ts';
import { archiveAllNotifications, fetchNotifications, fetchNotificationSummary, updateNotifications } from '../api/notifications.ts';
import type { Notification, NotificationSummary } from '../domain/notifications.ts';

export function notificationsWithPlatform() {
  return notificationsMachine.provide({
    actors: {
      fetchSummary: fromPromise<NotificationSummary>(() => fetchNotificationSummary()),
      fetchNotifications: fromPromise<Notification[], FetchNotificationsInput>(({ input, signal }) => fetchNotifications(input, signal)),
      updateNotifications: fromPromise<unknown, NotificationUpdate[]>(({ input }) => updateNotifications(input)),
      archiveAll: fromPromise<unknown>(() => archiveAllNotifications()),
    },
  });
}
