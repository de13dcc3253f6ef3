// The app's toasts (react-aria's toast queue, rendered by <ToastRegion />). The queue and react-aria's code load
// with the first toast, not with every first load (issue 15): until then a toast waits here, in order, and keeps
// its key, so `toast.dismiss` works on it before and after.
import type { ComponentType } from 'react';
import type { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface ToastContent {
  kind: ToastKind;
  message: string;
  description?: string;
  /** Buttons inside the toast, e.g. 'Not now' / 'Refresh' (spec A2.14). Pressing one closes the toast. */
  actions?: readonly ToastAction[];
  /** Live content under the message that renders itself as it changes (e.g. upload progress, spec B2.4). */
  live?: ComponentType;
  /** false hides the close button (a toast that ends by itself or through its own buttons). */
  closable?: boolean;
}

export interface ToastOptions {
  /** Milliseconds before it closes by itself; `null` keeps it until dismissed. */
  timeout?: number | null;
  description?: string;
  actions?: readonly ToastAction[];
  live?: ComponentType;
  closable?: boolean;
  onClose?: () => void;
}

// react-aria pauses timers while the region is hovered or focused; 5 s is its recommended minimum.
const DEFAULT_TIMEOUT_MS: Record<ToastKind, number> = { success: 5000, info: 5000, error: 8000 };

type Queue = ToastQueue<ToastContent>;
interface Waiting {
  key: string;
  content: ToastContent;
  options: { timeout?: number; onClose?: () => void };
}

let queue: Queue | null = null;
let waiting: Waiting[] = [];
let counter = 0;
/** Our key → the queue's key, for toasts shown before the queue loaded. */
const queueKeys = new Map<string, string>();
const requestedListeners = new Set<() => void>();
let requested = false;

/** The queue has loaded (./toast-queue.ts, with the first toast or the region): the waiting toasts go to it, in order. */
export function attachToastQueue(loaded: Queue): void {
  if (queue === loaded) return;
  queue = loaded;
  const pending = waiting;
  waiting = [];
  for (const item of pending) queueKeys.set(item.key, loaded.add(item.content, item.options));
}

/** Whether a toast was ever asked for (the region mounts from then on), and a subscription to it. */
export const toastsRequested = (): boolean => requested;
export function subscribeToastsRequested(onChange: () => void): () => void {
  requestedListeners.add(onChange);
  return () => requestedListeners.delete(onChange);
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}): string {
  const { timeout, description, actions, live, closable, onClose } = options;
  const content: ToastContent = { kind, message, description, actions, live, closable };
  const queueOptions = { timeout: timeout === null ? undefined : (timeout ?? DEFAULT_TIMEOUT_MS[kind]), onClose };
  if (!requested) {
    requested = true;
    for (const listener of requestedListeners) listener();
  }
  if (queue) return queue.add(content, queueOptions);
  counter += 1;
  const key = `waiting-toast-${counter}`;
  waiting.push({ key, content, options: queueOptions });
  void import('./toast-queue.ts').then((module) => attachToastQueue(module.toasts));
  return key;
}

/** Shows a toast; each call returns its key for `toast.dismiss(key)`. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  dismiss: (key: string) => {
    waiting = waiting.filter((item) => item.key !== key);
    queue?.close(queueKeys.get(key) ?? key);
    queueKeys.delete(key);
  },
  clear: () => {
    waiting = [];
    queueKeys.clear();
    queue?.clear();
  },
};
