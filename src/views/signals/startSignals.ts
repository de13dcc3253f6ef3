// The console's signals (issue 21), started after the first render so none of it weighs on the first load:
// remote flags (spec A4.12), the version notice (A2.14), and — when the telemetry setting is on — consent (A4.10),
// telemetry (A4.13) and client error reports. Toasts are the app's own (src/ui/toast.ts).
import type { AnyRouter } from '@tanstack/react-router';
import { selectIsSettled, selectIsLoggedIn, selectUser } from '../../../machines/session.selectors.ts';
import { selectHasConsented, selectShowConsentToast } from '../../../machines/consent.selectors.ts';
import type { SessionActor } from '../../actors/session.ts';
import type { FlagStore } from '../../actors/flag-store.ts';
import type { TelemetryEvents } from '../../actors/telemetry-events.ts';
import {
  createConsentActor,
  createFlagsProviderActor,
  createTelemetryActor,
  createVersionNoticeActor,
  publishFlags,
  readTrackedFlags,
  reportClientError,
  takeTelemetryDataCookie,
  writeSessionIdCookie,
  writeTelemetryDataCookie,
  type ConsentActor,
  type TelemetryActor,
} from '../../actors/signals.ts';
import type { ConsoleConfig } from '../../config.ts';
import { defaultFlags, flagOverridesFromCookie } from '../../domain/navigation/flags.ts';
import {
  CONSENT_ACCEPT,
  CONSENT_DENY,
  CONSENT_MESSAGE,
  NEW_VERSION_MESSAGE,
  NEW_VERSION_NOT_NOW,
  NEW_VERSION_REFRESH,
  REFRESH_NOTICE_MESSAGE,
  telemetryGroups,
} from '../../domain/signals.ts';
import { toast } from '../../ui/toast.ts';

export interface SignalsDeps {
  config: ConsoleConfig;
  session: SessionActor;
  router: AnyRouter;
  flagStore: FlagStore;
  telemetryEvents: TelemetryEvents;
}

export function startSignals({ config, session, router, flagStore, telemetryEvents }: SignalsDeps): void {
  startFlags(config, session, flagStore);
  startVersionNotice(config);
  if (config.telemetry) startTelemetry(session, router, telemetryEvents);
}

function startFlags(config: ConsoleConfig, session: SessionActor, flagStore: FlagStore) {
  const disableAll = config.disableAllFeatures === true;
  const flags = createFlagsProviderActor({
    defaults: defaultFlags(disableAll),
    overrides: flagOverridesFromCookie(document.cookie),
    disableAll,
    // spec A4.12: analytics flags only where the analytics side (the telemetry setting) is on.
    sources: { remote: true, analytics: config.telemetry === true },
    tracked: readTrackedFlags(),
  });
  publishFlags(flags, flagStore);
  // spec A4.12: nothing loads until the session has finished loading (the flag service answers signed-in users).
  let last = '';
  const forward = (snapshot: ReturnType<SessionActor['getSnapshot']>) => {
    const settled = selectIsSettled(snapshot) && selectIsLoggedIn(snapshot);
    const email = selectUser(snapshot)?.email ?? null;
    const key = `${settled}|${email}`;
    if (key === last) return;
    last = key;
    flags.send({ type: 'flags.session', settled, email });
  };
  // An actor's subscribers hear changes only: the session has usually settled before this chunk arrives.
  forward(session.getSnapshot());
  session.subscribe(forward);
}

function startVersionNotice(config: ConsoleConfig) {
  // A development server has no build id: nothing to compare.
  if (!config.build) return;
  const version = createVersionNoticeActor(config.build);
  version.on('version.notice', ({ notice }) => {
    const message = notice === 'refresh' ? REFRESH_NOTICE_MESSAGE : NEW_VERSION_MESSAGE;
    toast.info(message, {
      timeout: null,
      closable: false,
      actions:
        notice === 'refresh'
          ? [{ label: NEW_VERSION_REFRESH, onAction: () => version.send({ type: 'version.refresh' }) }, { label: NEW_VERSION_NOT_NOW, onAction: () => version.send({ type: 'version.dismiss' }) }]
          : [{ label: NEW_VERSION_NOT_NOW, onAction: () => version.send({ type: 'version.dismiss' }) }, { label: NEW_VERSION_REFRESH, onAction: () => version.send({ type: 'version.refresh' }) }],
    });
  });
  version.on('version.reload', () => window.location.reload());
  // Back to a tab left open: look again (besides the 10-minute check).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') version.send({ type: 'version.check' });
  });
}

function sessionId(): string {
  const key = 'strata-telemetry-session';
  try {
    const existing = window.sessionStorage.getItem(key);
    if (existing) return existing;
    const created = crypto.randomUUID();
    window.sessionStorage.setItem(key, created);
    return created;
  } catch {
    return crypto.randomUUID();
  }
}

/** spec A3: the telemetry page payload. */
function pagePayload(id: string): Record<string, unknown> {
  return {
    page_url: location.href,
    page_title: document.title,
    pathname: location.pathname,
    session_id: id,
    ph: {
      referrer: document.referrer,
      language: navigator.language || 'en-US',
      user_agent: navigator.userAgent,
      search: location.search,
      viewport_height: window.innerHeight,
      viewport_width: window.innerWidth,
    },
  };
}

function showConsentToast(consent: ConsentActor) {
  let key: string | null = null;
  consent.subscribe((snapshot) => {
    const show = selectShowConsentToast(snapshot);
    if (show && key === null) {
      key = toast.info(CONSENT_MESSAGE, {
        timeout: null,
        closable: false,
        actions: [
          { label: CONSENT_ACCEPT, onAction: () => consent.send({ type: 'consent.acceptAll' }) },
          { label: CONSENT_DENY, onAction: () => consent.send({ type: 'consent.denyAll' }) },
        ],
        onClose: () => {
          key = null;
        },
      });
    } else if (!show && key !== null) {
      toast.dismiss(key);
      key = null;
    }
  });
}

function startTelemetry(session: SessionActor, router: AnyRouter, telemetryEvents: TelemetryEvents) {
  const consent = createConsentActor();
  const telemetry: TelemetryActor = createTelemetryActor();
  showConsentToast(consent);
  // The analytics side is this platform's collector: enabled with the setting.
  telemetry.send({ type: 'telemetry.enabled', enabled: true });
  let consented = false;
  consent.subscribe((snapshot) => {
    const next = selectHasConsented(snapshot);
    if (next === consented) return;
    consented = next;
    telemetry.send({ type: 'telemetry.consent', accepted: next });
  });

  let identified: string | null = null;
  const identify = (snapshot: ReturnType<SessionActor['getSnapshot']>) => {
    const id = selectUser(snapshot)?.id ?? null;
    if (id && id !== identified) {
      identified = id;
      telemetry.send({ type: 'telemetry.identify', userId: id });
    }
  };
  identify(session.getSnapshot());
  session.subscribe(identify);

  const id = sessionId();
  let lastGroups = '';
  const pageView = (initial: Record<string, unknown> | null) => {
    const params = (router.state.matches.at(-1)?.params ?? {}) as { slug?: string; ref?: string };
    const groups = telemetryGroups(params);
    if (groups && JSON.stringify(groups) !== lastGroups) {
      lastGroups = JSON.stringify(groups);
      telemetry.send({ type: 'telemetry.groups', groups });
    }
    const page = pagePayload(id);
    // spec A4.13: without consent, and no cookie yet, the page data waits in the telemetry-data cookie.
    if (!consented && !initial && !document.cookie.includes('strata-telemetry-data=')) writeTelemetryDataCookie(page);
    writeSessionIdCookie(id);
    telemetry.send({ type: 'telemetry.page', payload: { ...page, ...(groups ? { groups } : {}), ...(initial ? { initial_data: initial } : {}) } });
  };

  // spec A4.13: one first page view (the router has already loaded: this module comes after the first render),
  // carrying the telemetry-data cookie of an earlier visit; then one per completed route change.
  pageView(takeTelemetryDataCookie());
  router.subscribe('onResolved', (event) => {
    if (event.pathChanged) pageView(null);
  });
  // spec A7 telemetry event: page fields, action, custom_properties and groups; through the same queue, so consent
  // rules hold for them too (held, at most 20, until consent is accepted and the collector enabled).
  telemetryEvents.connect(({ action, custom_properties }) => {
    const params = (router.state.matches.at(-1)?.params ?? {}) as { slug?: string; ref?: string };
    const groups = telemetryGroups(params);
    const page = pagePayload(id);
    telemetry.send({
      type: 'telemetry.event',
      payload: { page_url: page.page_url, page_title: page.page_title, pathname: page.pathname, session_id: id, action, custom_properties, ...(groups ? { groups } : {}) },
    });
  });
  window.addEventListener('pagehide', () => {
    const page = pagePayload(id);
    telemetry.send({ type: 'telemetry.pageLeave', payload: { page_url: page.page_url, pathname: page.pathname, page_title: page.page_title, session_id: id } });
  });

  // Client errors, with the reporting permission of spec A8 (consent given).
  window.addEventListener('error', (event) => {
    if (consented) reportClientError(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (consented) reportClientError(event.reason);
  });
}
