// The header's entry to the bell (issue 21). First load carries only this file: a native stand-in with the bell's
// look. The real bell and the app-wide notifications actor (main.tsx's lazy holder: machine, calls, the summary
// read) load when the pointer or focus comes to it, or once the page has been idle a moment after its first render —
// the unread count is never worth first-load bytes (issue 15 budget). The popover's code loads later still, when the
// bell is pressed.
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { useAppContext } from '../shared/useAppContext.ts';
import type { ShellData } from '../shared/useShellData.ts';
import * as css from './NotificationsBell.css.ts';

const NotificationsBell = lazy(() => import('./NotificationsBell.tsx').then((m) => ({ default: m.NotificationsBell })));

/** After first render, how long the page settles before the bell reads its summary. */
const SUMMARY_AFTER_RENDER_MS = 2500;

export function LazyNotificationsBell({ data }: { data: ShellData }) {
  const { notifications } = useAppContext();
  const actor = useSyncExternalStore(notifications.subscribe, notifications.current);
  const [wanted, setWanted] = useState<'no' | 'idle' | 'pressed'>('no');
  useEffect(() => {
    const timer = setTimeout(() => setWanted((w) => (w === 'no' ? 'idle' : w)), SUMMARY_AFTER_RENDER_MS);
    return () => clearTimeout(timer);
  }, []);
  // Wanted and not running (first time, or a new user after a sign-out stopped the last one): start it. A failed
  // chunk leaves the stand-in, which asks again on the next approach.
  useEffect(() => {
    if (wanted !== 'no' && !actor) void notifications.load().catch(() => {});
  }, [wanted, actor, notifications]);
  const standIn = (
    <button
      type="button"
      className={css.bell}
      aria-label="Notifications"
      aria-haspopup="dialog"
      data-testid="notifications-bell"
      data-indicator="loading"
      onPointerEnter={() => setWanted((w) => (w === 'no' ? 'idle' : w))}
      onFocus={() => setWanted((w) => (w === 'no' ? 'idle' : w))}
      onClick={() => setWanted('pressed')}
    >
      <Icon name="bell" size={16} />
    </button>
  );
  if (wanted === 'no' || !actor) return standIn;
  return (
    <Suspense fallback={standIn}>
      <NotificationsBell key={actor.id} actor={actor} data={data} openAtStart={wanted === 'pressed'} />
    </Suspense>
  );
}
