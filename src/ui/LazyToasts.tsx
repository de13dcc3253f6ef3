import { lazy, Suspense, useRef, useSyncExternalStore } from 'react';
import { toasts } from './toast.ts';

// The region (react-aria's Toast, landmark and its strings in every locale) renders nothing until a toast is
// queued, so it is loaded with the first toast instead of on every first load (issue 15).
const ToastRegion = lazy(() => import('./ToastRegion.tsx').then((module) => ({ default: module.ToastRegion })));

const subscribe = (onChange: () => void) => toasts.subscribe(onChange);
const hasToasts = () => toasts.visibleToasts.length > 0;

/** The app-wide toast region, rendered by the root route; mounted from the first toast on. */
export function Toasts() {
  const shown = useSyncExternalStore(subscribe, hasToasts, hasToasts);
  const mounted = useRef(false);
  if (shown) mounted.current = true;
  if (!mounted.current) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
