import type { ComponentType } from 'react';
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

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

/** The app-wide queue; <ToastRegion /> renders it. */
export const toasts = new ToastQueue<ToastContent>({ maxVisibleToasts: 5 });

function show(kind: ToastKind, message: string, options: ToastOptions = {}): string {
  const { timeout, description, actions, live, closable, onClose } = options;
  return toasts.add(
    { kind, message, description, actions, live, closable },
    {
      timeout: timeout === null ? undefined : (timeout ?? DEFAULT_TIMEOUT_MS[kind]),
      onClose,
    },
  );
}

/** Shows a toast; each call returns its key for `toast.dismiss(key)`. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  dismiss: (key: string) => toasts.close(key),
  clear: () => toasts.clear(),
};
