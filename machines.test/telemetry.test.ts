// The telemetry queue (spec A4.13, C§9): examples, a property and generated paths.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { telemetryMachine, type TelemetryEvent, type TelemetryItem } from '../machines/telemetry.machine.ts';
import { TELEMETRY_MAX_PENDING } from '../src/domain/signals.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

const kinds = { sendTelemetry: 'promise' } as const;
const page = (n: number) => ({ type: 'telemetry.page', payload: { pathname: `/p${n}` } }) as const;

function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(telemetryMachine.provide({ actors: fakes.logic })).start();
  return { actor, fakes };
}
const sent = (fakes: ReturnType<typeof start>['fakes']) => fakes.starts('sendTelemetry').flatMap((s) => (s.input as { items: TelemetryItem[] }).items);

describe('telemetry machine: examples', () => {
  it('queues until consent and the provider are ready, then sends groups, identify, then the queued events', async () => {
    const { actor, fakes } = start();
    actor.send(page(1));
    actor.send({ type: 'telemetry.identify', userId: 'u1' });
    actor.send({ type: 'telemetry.groups', groups: { organization: 'acme' } });
    actor.send({ type: 'telemetry.pageLeave', payload: { pathname: '/p1' } });
    actor.send({ type: 'telemetry.enabled', enabled: true });
    expect(fakes.starts()).toHaveLength(0);
    actor.send({ type: 'telemetry.consent', accepted: true });
    expect(sent(fakes).map((item) => item.kind)).toEqual(['groups', 'identify', 'page', 'page_leave']);
    // Arriving while a batch is in flight: the next batch.
    actor.send(page(2));
    expect(fakes.starts()).toHaveLength(1);
    await fakes.resolve('sendTelemetry');
    expect(fakes.starts()).toHaveLength(2);
    expect(sent(fakes).at(-1)).toEqual({ kind: 'page', payload: { pathname: '/p2' } });
  });

  it('sends at most 20 items a batch (the collector refuses more): 20 queued plus groups and identify go in two', async () => {
    const { actor, fakes } = start();
    for (let n = 1; n <= 20; n++) actor.send(page(n));
    actor.send({ type: 'telemetry.identify', userId: 'u1' });
    actor.send({ type: 'telemetry.groups', groups: { organization: 'acme' } });
    actor.send({ type: 'telemetry.enabled', enabled: true });
    actor.send({ type: 'telemetry.consent', accepted: true });
    const first = (fakes.starts('sendTelemetry')[0]!.input as { items: TelemetryItem[] }).items;
    expect(first).toHaveLength(TELEMETRY_MAX_PENDING);
    await fakes.resolve('sendTelemetry');
    const second = (fakes.starts('sendTelemetry')[1]!.input as { items: TelemetryItem[] }).items;
    expect(second.map((item) => item.payload)).toEqual([{ pathname: '/p19' }, { pathname: '/p20' }]);
  });

  it('keeps at most 20 pending events, the oldest dropped', () => {
    const { actor } = start();
    for (let n = 1; n <= 25; n++) actor.send(page(n));
    const queue = actor.getSnapshot().context.queue;
    expect(queue).toHaveLength(TELEMETRY_MAX_PENDING);
    expect(queue[0]).toEqual({ kind: 'page', payload: { pathname: '/p6' } });
  });

  it('stops sending when consent is withdrawn; a failed batch is not retried', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'telemetry.enabled', enabled: true });
    actor.send({ type: 'telemetry.consent', accepted: true });
    actor.send(page(1));
    await fakes.reject('sendTelemetry', new Error('offline'));
    expect(actor.getSnapshot().context.outbox).toEqual([]);
    actor.send({ type: 'telemetry.consent', accepted: false });
    actor.send(page(2));
    expect(fakes.starts()).toHaveLength(1);
    expect(actor.getSnapshot().matches('uninitialized')).toBe(true);
  });

  it('property: nothing is sent before consent and enablement both held; the queue never passes 20', async () => {
    const step = fc.oneof(
      fc.integer({ min: 0, max: 99 }).map((n) => page(n) as TelemetryEvent),
      fc.boolean().map((accepted) => ({ type: 'telemetry.consent', accepted }) as TelemetryEvent),
      fc.boolean().map((enabled) => ({ type: 'telemetry.enabled', enabled }) as TelemetryEvent),
      fc.constant({ type: 'settle' } as const),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        const { actor, fakes } = start();
        let everReady = false;
        for (const s of steps) {
          if (s.type === 'settle') {
            if (fakes.isRunning('sendTelemetry')) await fakes.resolve('sendTelemetry');
            continue;
          }
          actor.send(s);
          const { consented, enabled, queue } = actor.getSnapshot().context;
          if (consented && enabled) everReady = true;
          if (!everReady) expect(fakes.starts()).toHaveLength(0);
          expect(queue.length).toBeLessThanOrEqual(TELEMETRY_MAX_PENDING);
        }
        const pages = sent(fakes).filter((item) => item.kind === 'page');
        expect(pages.length).toBeLessThanOrEqual(steps.length);
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});

const events: EventSample<typeof telemetryMachine>[] = [
  { type: 'telemetry.page', payload: { pathname: '/' } },
  { type: 'telemetry.pageLeave', payload: { pathname: '/' } },
  { type: 'telemetry.event', payload: { action: 'help_button_clicked' } },
  { type: 'telemetry.identify', userId: 'u1' },
  { type: 'telemetry.groups', groups: { organization: 'acme' } },
  { type: 'telemetry.consent', accepted: true },
  { type: 'telemetry.consent', accepted: false },
  { type: 'telemetry.enabled', enabled: true },
  { type: 'telemetry.enabled', enabled: false },
  { type: 'xstate.done.actor.sendTelemetry', output: undefined },
  { type: 'xstate.error.actor.sendTelemetry', error: new Error('offline') },
];
const invariants: Invariants<typeof telemetryMachine> = {
  uninitialized: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(s.context.outbox).toEqual([]);
    expect(s.context.queue.length).toBeLessThanOrEqual(TELEMETRY_MAX_PENDING);
  },
  initialized: (s) => {
    expect(s.context.consented && s.context.enabled).toBe(true);
    expect(s.context.queue).toEqual([]);
  },
  'initialized.idle': (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(s.context.outbox).toEqual([]);
  },
  'initialized.sending': (s, { actors }) => {
    expect(actors?.running()).toEqual(['sendTelemetry']);
    expect(s.context.inFlight).toBeGreaterThan(0);
    expect(s.context.inFlight).toBeLessThanOrEqual(TELEMETRY_MAX_PENDING);
  },
};

describeMachinePaths('telemetry machine: generated paths', telemetryMachine, {
  events,
  invariants,
  actors: controlledActors(kinds),
  simplePaths: false,
  maxDepth: 6,
  serializeState: (s) => {
    const c = s.context;
    const few = (n: number) => Math.min(n, 2);
    return JSON.stringify({ value: s.value, consented: c.consented, enabled: c.enabled, queue: few(c.queue.length), outbox: few(c.outbox.length), inFlight: few(c.inFlight), id: !!c.pendingIdentify, groups: !!c.pendingGroups });
  },
  required: [
    'uninitialized --(always)--> initialized',
    'initialized.idle --(always)--> initialized.sending',
    'initialized.sending --xstate.done.actor.sendTelemetry--> initialized.idle',
    'initialized.sending --xstate.error.actor.sendTelemetry--> initialized.idle',
    'initialized --telemetry.consent--> uninitialized',
  ],
});
