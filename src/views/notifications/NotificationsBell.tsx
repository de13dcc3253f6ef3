// The header's bell (spec A2.3, A2.11, A4.8; issue 21). Loaded after the header's first render (Header.tsx lazy),
// it shows the app-wide notifications actor's summary as the indicator by precedence; the popover's code
// (react-aria overlay, Markdown) loads only when the bell is first pressed (issue 15: first-load weight).
import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { selectIndicator, selectIsOpen, selectUnreadCount } from '../../../machines/notifications.selectors.ts';
import type { NotificationsActor } from '../../actors/notifications.ts';
import { badgeIsWide, badgeText } from '../../domain/notifications.ts';
import { Icon } from '../../ui/Icon.tsx';
import type { ShellData } from '../shared/useShellData.ts';
import * as css from './NotificationsBell.css.ts';

type PopoverModule = typeof import('./NotificationsPopover.tsx');
const loadPopover = () => import('./NotificationsPopover.tsx');

export function NotificationsBell({ actor, data, openAtStart = false }: { actor: NotificationsActor; data: ShellData; openAtStart?: boolean }) {
  const indicator = useSelector(actor, selectIndicator);
  const unread = useSelector(actor, selectUnreadCount);
  const open = useSelector(actor, selectIsOpen);
  const button = useRef<HTMLButtonElement>(null);
  const [popover, setPopover] = useState<PopoverModule | null>(null);

  // The machine emits what the user must be told after a write; the toast queue (react-aria) loads with the first.
  useEffect(() => {
    const subscription = actor.on('notifications.toast', (event) => {
      void import('../../ui/toast.ts').then(({ toast }) => toast[event.kind](event.message));
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  // The actor outlives the header (app-wide): a popover left open when the header goes is closed (rows seen are set).
  useEffect(() => () => actor.send({ type: 'popover.close' }), [actor]);

  // The stand-in was pressed before this code arrived: the press opens the popover now, focus on the bell.
  useEffect(() => {
    if (!openAtStart) return;
    button.current?.focus();
    actor.send({ type: 'popover.open' });
    void loadPopover().then(setPopover, () => actor.send({ type: 'popover.close' }));
  }, [openAtStart, actor]);

  const toggle = () => {
    if (open) {
      actor.send({ type: 'popover.close' });
      return;
    }
    actor.send({ type: 'popover.open' });
    if (!popover) void loadPopover().then(setPopover, () => actor.send({ type: 'popover.close' }));
  };

  const label =
    indicator === 'critical'
      ? `Notifications, critical, ${unread} unread`
      : indicator === 'warning'
        ? `Notifications, warning, ${unread} unread`
        : unread > 0
          ? `Notifications, ${unread} unread`
          : 'Notifications';
  return (
    <>
      <button
        ref={button}
        type="button"
        className={css.bell}
        aria-label={label}
        aria-expanded={open}
        aria-haspopup="dialog"
        data-testid="notifications-bell"
        data-indicator={indicator}
        onClick={toggle}
      >
        <Icon name="bell" size={16} />
        {indicator === 'critical' ? (
          <span className={css.critical} aria-hidden="true">!</span>
        ) : indicator === 'warning' ? (
          <span className={css.warning} aria-hidden="true" />
        ) : indicator === 'unread' ? (
          <span className={[css.unread, badgeIsWide(unread) ? css.unreadWide : ''].join(' ')} aria-hidden="true" data-wide={badgeIsWide(unread)}>
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      {open && popover ? <popover.NotificationsPopover actor={actor} triggerRef={button} data={data} /> : null}
    </>
  );
}
