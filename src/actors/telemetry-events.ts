// Custom telemetry events (spec A4.13, A7; issue 21), app-wide (DESIGN §3): created in main.tsx so any view can
// track an action from the first render, while the telemetry queue itself (consent, the collector) comes in the
// signals chunk later. Until that chunk connects, events wait here (at most 20, oldest dropped); without the
// telemetry setting nothing is kept or sent. Consent is the telemetry machine's rule: it holds or drops them.
import type { TelemetryAction, TelemetryCustomEvent } from '../domain/telemetry-events.ts';
import { TELEMETRY_MAX_PENDING } from '../domain/telemetry-limits.ts';

export interface TelemetryEvents {
  track: (action: TelemetryAction, customProperties?: TelemetryCustomEvent['custom_properties']) => void;
  /** The signals chunk hands over its sink: held events go first, later ones as they come. */
  connect: (sink: (event: TelemetryCustomEvent) => void) => void;
}

export function createTelemetryEvents(enabled: boolean): TelemetryEvents {
  const held: TelemetryCustomEvent[] = [];
  let sink: ((event: TelemetryCustomEvent) => void) | null = null;
  return {
    track: (action, customProperties = {}) => {
      if (!enabled) return;
      const event = { action, custom_properties: customProperties };
      if (sink) {
        sink(event);
        return;
      }
      held.push(event);
      if (held.length > TELEMETRY_MAX_PENDING) held.shift();
    },
    connect: (next) => {
      if (!enabled) return;
      sink = next;
      for (const event of held.splice(0)) next(event);
    },
  };
}
