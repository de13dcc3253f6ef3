// Real effects of the console's signals (issue 21): the flags provider, consent, the telemetry queue and the version
// notice, each machine provided with the platform's endpoints and the browser's storage and cookies.
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { consentMachine, type ConsentSave, type StoredConsent } from '../../machines/consent.machine.ts';
import { flagsProviderMachine, type FlagsProviderInput, type LoadedFlags, type LoadFlagsInput } from '../../machines/flags-provider.machine.ts';
import { telemetryMachine, type TelemetryItem } from '../../machines/telemetry.machine.ts';
import { versionNoticeMachine } from '../../machines/version-notice.machine.ts';
import {
  CONSENT_STORAGE_KEY,
  FLAG_VALUES_ELEMENT_ID,
  LEGACY_CONSENT_KEY,
  SESSION_ID_COOKIE,
  TELEMETRY_DATA_COOKIE,
  flagValuesJson,
  readTelemetryDataCookie,
  scrubSecrets,
  scrubText,
  type FlagValue,
} from '../domain/signals.ts';
import { fetchAnalyticsFlags, fetchDeploymentCommit, fetchRemoteFlags, sendClientError, sendTelemetryItems, trackFeatureFlag } from '../api/telemetry.ts';
import { selectFlagValues } from '../../machines/flags-provider.selectors.ts';
import type { FlagStore } from './flag-store.ts';
import type { TelemetryItemBody } from '../api/schemas/telemetry.ts';

export type FlagsProviderActor = ActorRefFrom<typeof flagsProviderMachine>;
export type ConsentActor = ActorRefFrom<typeof consentMachine>;
export type TelemetryActor = ActorRefFrom<typeof telemetryMachine>;
export type VersionNoticeActor = ActorRefFrom<typeof versionNoticeMachine>;

/** The values tracked last time (spec A4.12: a track event only when the value differs). */
export const TRACKED_FLAGS_KEY = 'strata-flags-tracked';

export function readTrackedFlags(): Record<string, FlagValue> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(TRACKED_FLAGS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, FlagValue>) : {};
  } catch {
    return {};
  }
}

export function createFlagsProviderActor(input: FlagsProviderInput): FlagsProviderActor {
  const machine = flagsProviderMachine.provide({
    actors: {
      loadFlags: fromPromise<LoadedFlags, LoadFlagsInput>(async ({ input: { sources } }) => {
        const [remote, analytics] = await Promise.all([
          sources.remote ? fetchRemoteFlags() : Promise.resolve([]),
          sources.analytics
            ? fetchAnalyticsFlags().catch((error: unknown) => {
                // spec A8 (console only).
                console.error('Failed to fetch PH flags: API is not available');
                throw error;
              })
            : Promise.resolve({}),
        ]);
        return { remote, analytics };
      }),
    },
  });
  const actor = createActor(machine, { input });
  // spec A4.12: a track event only for values that differ from the ones tracked before; they are kept for next time.
  actor.on('flags.track', ({ changes }) => {
    if (changes.length === 0) return;
    try {
      window.localStorage.setItem(TRACKED_FLAGS_KEY, JSON.stringify(actor.getSnapshot().context.tracked));
    } catch {
      // storage blocked: tracked again next visit
    }
    for (const change of changes) void trackFeatureFlag(change).catch(() => {});
  });
  return actor.start();
}

/**
 * Hands the provider's values to the views' flag store, and (spec A4.12) embeds the loaded values in the page as a
 * JSON script element marked as flag values, every '<' escaped.
 */
export function publishFlags(actor: FlagsProviderActor, store: FlagStore): () => void {
  const subscription = actor.subscribe((snapshot) => {
    store.set(selectFlagValues(snapshot));
    if (!snapshot.context.hasLoaded) return;
    let element = document.getElementById(FLAG_VALUES_ELEMENT_ID);
    if (!element) {
      element = document.createElement('script');
      element.id = FLAG_VALUES_ELEMENT_ID;
      element.setAttribute('type', 'application/json');
      element.setAttribute('data-flag-values', '');
      document.head.appendChild(element);
    }
    element.textContent = flagValuesJson(selectFlagValues(snapshot));
  });
  return () => subscription.unsubscribe();
}

/** The consent provider is the console itself locally: the decision lives in local storage. */
export function createConsentActor(): ConsentActor {
  const machine = consentMachine.provide({
    actors: {
      readConsent: fromPromise<StoredConsent>(async () => {
        const storage = window.localStorage;
        const raw = storage.getItem(CONSENT_STORAGE_KEY);
        const stored = raw ? (JSON.parse(raw) as { layer?: number; accepted?: boolean; categories?: string[] }) : null;
        return {
          layer: typeof stored?.layer === 'number' ? stored.layer : 0,
          accepted: stored?.accepted === true,
          legacyAccepted: storage.getItem(LEGACY_CONSENT_KEY) === 'true',
          categories: Array.isArray(stored?.categories) ? stored.categories : null,
        };
      }),
      saveConsent: fromPromise<string[] | null, ConsentSave>(async ({ input }) => {
        const storage = window.localStorage;
        const accepted = input.action === 'acceptAll' ? true : input.action === 'denyAll' ? false : Object.values(input.services).every(Boolean);
        const categories = input.action === 'update' ? Object.keys(input.services).filter((name) => input.services[name]) : accepted ? ['analytics'] : [];
        storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ layer: 1, accepted, categories }));
        if (input.action === 'acceptAll' && input.removeLegacy) storage.removeItem(LEGACY_CONSENT_KEY);
        return categories;
      }),
    },
  });
  return createActor(machine).start();
}

const body = (item: TelemetryItem): TelemetryItemBody => ({ kind: item.kind, payload: scrubSecrets(item.payload) } as TelemetryItemBody);

export function createTelemetryActor(): TelemetryActor {
  const machine = telemetryMachine.provide({
    actors: {
      sendTelemetry: fromPromise<void, { items: TelemetryItem[] }>(async ({ input }) => {
        try {
          await sendTelemetryItems(input.items.map(body));
        } catch (error) {
          // spec A8: console only, nothing shown.
          console.error('Problem sending telemetry page:', error);
          throw error;
        }
      }),
    },
  });
  return createActor(machine).start();
}

export function createVersionNoticeActor(loadedSha: string): VersionNoticeActor {
  const machine = versionNoticeMachine.provide({ actors: { fetchDeployment: fromPromise(() => fetchDeploymentCommit()) } });
  return createActor(machine, { input: { loadedSha } }).start();
}

// ---- cookies of spec A4.13 ----

/** The telemetry-data cookie's JSON (and it is cleared: expiry in the past), or null. */
export function takeTelemetryDataCookie(): Record<string, unknown> | null {
  const data = readTelemetryDataCookie(document.cookie);
  if (data) document.cookie = `${TELEMETRY_DATA_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
  else if (document.cookie.includes(`${TELEMETRY_DATA_COOKIE}=`)) console.error('Invalid telemetry data:', 'unreadable cookie');
  return data;
}
export function writeTelemetryDataCookie(page: Record<string, unknown>): void {
  document.cookie = `${TELEMETRY_DATA_COOKIE}=${encodeURIComponent(JSON.stringify(scrubSecrets(page)))}; path=/; SameSite=Lax`;
}
export function writeSessionIdCookie(sessionId: string): void {
  document.cookie = `${SESSION_ID_COOKIE}=${encodeURIComponent(sessionId)}; path=/; SameSite=Lax`;
}

// ---- client errors (issue 21): to the platform's collector, scrubbed ----

let reported = 0;
/** At most this many reports a page load (an error in a render loop must not flood the collector). */
const MAX_REPORTS = 10;
export function reportClientError(error: unknown): void {
  if (reported >= MAX_REPORTS) return;
  reported += 1;
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Unknown error');
  void sendClientError({
    message: scrubText(err.message || 'Unknown error').slice(0, 2000),
    ...(err.stack ? { stack: scrubText(err.stack).slice(0, 8000) } : {}),
    url: scrubText(location.pathname + location.search).slice(0, 2000),
  }).catch(() => {});
}
