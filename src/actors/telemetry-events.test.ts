import { describe, expect, it } from 'vitest';
import { createTelemetryEvents } from './telemetry-events.ts';
import { TELEMETRY_EVENTS, type TelemetryCustomEvent } from '../domain/telemetry-events.ts';
import { TELEMETRY_MAX_PENDING } from '../domain/telemetry-limits.ts';

describe('telemetry events (spec A4.13, A7)', () => {
  it('hold events until the queue connects, then pass them on in order, later ones at once', () => {
    const events = createTelemetryEvents(true);
    events.track(TELEMETRY_EVENTS.helpButtonClicked);
    events.track(TELEMETRY_EVENTS.connectionStringCopied, { type: 'uri', method: 'direct' });
    const sent: TelemetryCustomEvent[] = [];
    events.connect((event) => sent.push(event));
    expect(sent).toEqual([
      { action: 'help_button_clicked', custom_properties: {} },
      { action: 'connection_string_copied', custom_properties: { type: 'uri', method: 'direct' } },
    ]);
    events.track(TELEMETRY_EVENTS.branchCreateMergeRequestButtonClicked);
    expect(sent.at(-1)).toEqual({ action: 'branch_create_merge_request_button_clicked', custom_properties: {} });
  });

  it('hold at most 20 (the oldest dropped)', () => {
    const events = createTelemetryEvents(true);
    for (let i = 0; i < TELEMETRY_MAX_PENDING + 5; i++) events.track(TELEMETRY_EVENTS.helpButtonClicked, { i });
    const sent: TelemetryCustomEvent[] = [];
    events.connect((event) => sent.push(event));
    expect(sent).toHaveLength(20);
    expect(sent[0]!.custom_properties).toEqual({ i: 5 });
  });

  it('keep and send nothing without the telemetry setting', () => {
    const events = createTelemetryEvents(false);
    events.track(TELEMETRY_EVENTS.helpButtonClicked);
    const sent: TelemetryCustomEvent[] = [];
    events.connect((event) => sent.push(event));
    events.track(TELEMETRY_EVENTS.helpButtonClicked);
    expect(sent).toEqual([]);
  });
});
