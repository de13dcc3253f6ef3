// Real effects of the notifications machine (issue 21): the platform's notifications calls.
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
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

export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;

/** The app-wide notifications actor (DESIGN §3): main.tsx's lazy holder starts it when the bell first needs it. */
export function createNotificationsActor(): NotificationsActor {
  return createActor(notificationsWithPlatform()).start();
}
