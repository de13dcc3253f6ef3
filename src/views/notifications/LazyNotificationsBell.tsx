// The header's entry to the bell (issue 21): the bell, its machine and its calls load after the header's first
// render, so the first load carries only this wrapper (issue 15 budget); the popover loads when the bell is pressed.
import { lazy, Suspense } from 'react';
import type { ShellData } from '../shared/useShellData.ts';

const NotificationsBell = lazy(() => import('./NotificationsBell.tsx').then((m) => ({ default: m.NotificationsBell })));

export function LazyNotificationsBell({ data }: { data: ShellData }) {
  return (
    <Suspense fallback={null}>
      <NotificationsBell data={data} />
    </Suspense>
  );
}
