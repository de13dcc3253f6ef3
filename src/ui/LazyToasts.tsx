import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToastsRequested, toastsRequested } from './toast.ts';

// The region (react-aria's Toast, landmark and its strings) and the queue load with the first toast instead of
// on every first load (issue 15).
const ToastRegion = lazy(() => import('./ToastRegion.tsx').then((module) => ({ default: module.ToastRegion })));

/** The app-wide toast region, rendered by the root route; mounted from the first toast on. */
export function Toasts() {
  // Once asked for, always (toastsRequested never turns back to false).
  const shown = useSyncExternalStore(subscribeToastsRequested, toastsRequested, toastsRequested);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
