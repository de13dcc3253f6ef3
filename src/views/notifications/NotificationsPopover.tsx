// The notifications popover (spec A2.11, A4.8; issue 21): Inbox (unread count) / Archived, the Unread filter,
// priority / organization / project filters with their search, rows of title, sanitised Markdown message and
// actions, infinite scroll by pages of 10, rows seen when scrolled into view, archive / unarchive / 'Archive all'.
// Loaded when the bell is first pressed.
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Dialog, Popover } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { NotificationsMachine } from '../../../machines/notifications.machine.ts';
import {
  selectCanArchiveAll,
  selectEmptyText,
  selectFilterCount,
  selectFilters,
  selectHasMore,
  selectIsArchivingAll,
  selectIsEmpty,
  selectIsLoadingFirstPage,
  selectIsLoadingMore,
  selectIsOpen,
  selectItems,
  selectListError,
  selectPendingId,
  selectTab,
  selectUnreadCount,
  selectUnreadDisabled,
  selectUnreadOnly,
} from '../../../machines/notifications.selectors.ts';
import {
  fillActionUrl,
  NO_FILTERS_MATCH,
  NOTIFICATION_PRIORITIES,
  NOTIFICATIONS_LOAD_ERROR,
  type Notification,
  type NotificationFilters,
  type NotificationTab,
} from '../../domain/notifications.ts';
import { isSafeHref } from '../../domain/markdown.ts';
import { Markdown } from '../../ui/Markdown.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.tsx';
import type { ShellData } from '../shared/useShellData.ts';
import * as css from './NotificationsPopover.css.ts';

type Actor = ActorRefFrom<NotificationsMachine>;

const BASE = '/dashboard';
/** Site paths in messages and actions are the console's own: under its base path. */
const siteHref = (href: string) => (href.startsWith('/') && !href.startsWith(`${BASE}/`) ? `${BASE}${href}` : href);

export function NotificationsPopover({ actor, triggerRef, data }: { actor: Actor; triggerRef: RefObject<HTMLButtonElement | null>; data: ShellData }) {
  const open = useSelector(actor, selectIsOpen);
  const tab = useSelector(actor, selectTab);
  const unreadCount = useSelector(actor, selectUnreadCount);
  const [showFilters, setShowFilters] = useState(false);
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={open}
      onOpenChange={(next) => !next && actor.send({ type: 'popover.close' })}
      placement="bottom end"
      offset={6}
      className={css.popover}
      data-testid="notifications-popover"
    >
      <Dialog aria-label="Notifications" className={css.dialog}>
        <div className={css.head}>
          <h2 className={css.title}>Notifications</h2>
        </div>
        <Tabs selectedKey={tab} onSelectionChange={(key) => actor.send({ type: 'tab.select', tab: key as NotificationTab })}>
          <div className={css.tabs}>
            <TabList aria-label="Notification lists">
              <Tab id="inbox">{`Inbox${unreadCount > 0 ? ` (${unreadCount})` : ''}`}</Tab>
              <Tab id="archived">Archived</Tab>
            </TabList>
          </div>
          {(['inbox', 'archived'] as const).map((id) => (
            <TabPanel key={id} id={id}>
              <Toolbar actor={actor} showFilters={showFilters} onToggleFilters={() => setShowFilters((v) => !v)} />
              {showFilters ? <Filters actor={actor} data={data} /> : null}
              <List actor={actor} />
            </TabPanel>
          ))}
        </Tabs>
      </Dialog>
    </Popover>
  );
}

function Toolbar({ actor, showFilters, onToggleFilters }: { actor: Actor; showFilters: boolean; onToggleFilters: () => void }) {
  const unreadOnly = useSelector(actor, selectUnreadOnly);
  const unreadDisabled = useSelector(actor, selectUnreadDisabled);
  const filterCount = useSelector(actor, selectFilterCount);
  const canArchiveAll = useSelector(actor, selectCanArchiveAll);
  const archivingAll = useSelector(actor, selectIsArchivingAll);
  const tab = useSelector(actor, selectTab);
  return (
    <div className={css.toolbar}>
      <button
        type="button"
        className={css.smallButton}
        aria-pressed={unreadOnly}
        disabled={unreadDisabled}
        onClick={() => actor.send({ type: 'filter.unread', on: !unreadOnly })}
      >
        Unread
      </button>
      <button type="button" className={css.smallButton} aria-expanded={showFilters} onClick={onToggleFilters}>
        {filterCount > 0 ? `Filters (${filterCount})` : 'Filters'}
      </button>
      <span style={{ flex: 1 }} />
      {tab === 'inbox' ? (
        <button type="button" className={css.smallButton} disabled={!canArchiveAll} onClick={() => actor.send({ type: 'archiveAll' })}>
          {archivingAll ? 'Archiving…' : 'Archive all'}
        </button>
      ) : null}
    </div>
  );
}

interface FilterOption {
  group: keyof NotificationFilters;
  value: string;
  label: string;
}

function Filters({ actor, data }: { actor: Actor; data: ShellData }) {
  const filters = useSelector(actor, selectFilters);
  const [search, setSearch] = useState('');
  const options = useMemo<FilterOption[]>(
    () => [
      ...NOTIFICATION_PRIORITIES.map((p) => ({ group: 'priorities' as const, value: p, label: p })),
      ...data.organizations.map((o) => ({ group: 'orgSlugs' as const, value: o.slug, label: o.name })),
      ...(data.project ? [{ group: 'projectRefs' as const, value: data.project.ref, label: data.project.name }] : []),
    ],
    [data.organizations, data.project],
  );
  const needle = search.trim().toLowerCase();
  const shown = options.filter((o) => !needle || o.label.toLowerCase().includes(needle));
  const toggle = (option: FilterOption, on: boolean) => {
    const current = filters[option.group] as string[];
    const next = on ? [...current, option.value] : current.filter((v) => v !== option.value);
    actor.send({ type: 'filter.set', filters: { ...filters, [option.group]: next } });
  };
  const groups: [keyof NotificationFilters, string][] = [
    ['priorities', 'Priority'],
    ['orgSlugs', 'Organization'],
    ['projectRefs', 'Project'],
  ];
  return (
    <div className={css.filters}>
      <input
        className={css.filterSearch}
        type="search"
        aria-label="Search filters"
        placeholder="Search filters"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {shown.length === 0 ? <p className={css.state} style={{ padding: 4 }}>{NO_FILTERS_MATCH}</p> : null}
      {groups.map(([group, legend]) => {
        const inGroup = shown.filter((o) => o.group === group);
        return inGroup.length ? (
          <fieldset key={group} className={css.filterGroup}>
            <legend>{legend}</legend>
            {inGroup.map((o) => (
              <label key={o.value}>
                <input
                  type="checkbox"
                  checked={(filters[group] as string[]).includes(o.value)}
                  onChange={(e) => toggle(o, e.target.checked)}
                />{' '}
                {o.label}
              </label>
            ))}
          </fieldset>
        ) : null;
      })}
    </div>
  );
}

function List({ actor }: { actor: Actor }) {
  const items = useSelector(actor, selectItems);
  const loadingFirst = useSelector(actor, selectIsLoadingFirstPage);
  const loadingMore = useSelector(actor, selectIsLoadingMore);
  const hasMore = useSelector(actor, selectHasMore);
  const error = useSelector(actor, selectListError);
  const empty = useSelector(actor, selectIsEmpty);
  const emptyText = useSelector(actor, selectEmptyText);
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const [observer, setObserver] = useState<IntersectionObserver | null>(null);

  // spec A4.8: a row that scrolls into view is reported (the machine queues it when it is new).
  useEffect(() => {
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const id = (entry.target as HTMLElement).dataset.notificationId;
          if (id) actor.send({ type: 'row.visible', id });
          else actor.send({ type: 'list.loadMore' });
        }
      },
      { root: scroller.current, threshold: 0.6 },
    );
    setObserver(io);
    return () => io.disconnect();
  }, [actor]);

  useEffect(() => {
    if (!observer || !sentinel.current || !hasMore) return;
    const target = sentinel.current;
    observer.observe(target);
    return () => observer.unobserve(target);
  }, [observer, hasMore, items.length]);

  return (
    <div ref={scroller} className={css.list} data-testid="notifications-list" aria-busy={loadingFirst || loadingMore}>
      {loadingFirst ? <p className={css.state}>Loading notifications…</p> : null}
      {empty ? <p className={css.state}>{emptyText}</p> : null}
      {items.map((n) => (
        <Row key={n.id} notification={n} actor={actor} observer={observer} />
      ))}
      {error ? (
        <div className={css.state} role="alert">
          <p>{NOTIFICATIONS_LOAD_ERROR}: {error}</p>
          <button type="button" className={css.smallButton} onClick={() => actor.send({ type: 'list.retry' })}>
            Retry
          </button>
        </div>
      ) : null}
      {loadingMore ? <p className={css.state}>Loading more…</p> : null}
      {hasMore ? <div ref={sentinel} className={css.sentinel} /> : null}
    </div>
  );
}

function Row({ notification, actor, observer }: { notification: Notification; actor: Actor; observer: IntersectionObserver | null }) {
  const ref = useRef<HTMLElement>(null);
  const pendingId = useSelector(actor, selectPendingId);
  useEffect(() => {
    const node = ref.current;
    if (!observer || !node) return;
    observer.observe(node);
    return () => observer.unobserve(node);
  }, [observer]);
  const { data } = notification;
  const archived = notification.status === 'archived';
  const busy = pendingId === notification.id;
  return (
    <article
      ref={ref}
      className={css.row}
      data-notification-id={notification.id}
      data-status={notification.status}
      aria-label={data.title}
    >
      <div className={css.rowBody}>
        <h3 className={css.rowTitle}>
          {notification.status === 'new' ? <span className={css.newDot} aria-label="Unread" role="img" /> : null}
          {data.title}
        </h3>
        <Markdown className={css.message} source={data.message} resolveHref={siteHref} />
        <div className={css.meta}>
          {notification.priority !== 'Info' ? <span className={css.priority}>{notification.priority}</span> : null}
          <time dateTime={notification.inserted_at}>{new Date(notification.inserted_at).toLocaleString()}</time>
          {(data.actions ?? []).map((a) => {
            const href = fillActionUrl(a.url, data);
            const external = /^https?:/i.test(href);
            // Same rule as message links: an action can never be a javascript: or data: url.
            return isSafeHref(href) ? (
              <a
                key={`${a.label}${a.url}`}
                className={css.action}
                href={external ? href : siteHref(href)}
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {a.label}
              </a>
            ) : null;
          })}
        </div>
      </div>
      <button
        type="button"
        className={css.smallButton}
        disabled={busy}
        onClick={() => actor.send({ type: archived ? 'row.unarchive' : 'row.archive', id: notification.id })}
      >
        {archived ? 'Unarchive' : 'Archive'}
      </button>
    </article>
  );
}
