// The app-wide toast queue (react-aria's), loaded with the first toast or the toast region (./toast.ts attaches it).
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import type { ToastContent } from './toast.ts';

/** The app-wide queue; <ToastRegion /> renders it. */
export const toasts = new ToastQueue<ToastContent>({ maxVisibleToasts: 5 });
