// Live mode, console side (issue 26): in development the console's actors report their snapshots to the statechart
// viewer over a same-origin BroadcastChannel (no network, unlike the hosted Stately inspector). Imported only behind
// `import.meta.env.DEV`, so a production build has none of it.
import type { AnyStateNode, InspectionEvent } from 'xstate';

export const LIVE_CHANNEL = 'strata:statecharts';

export interface LiveSnapshotMessage {
  kind: 'snapshot';
  /** The actor's session id: one per running actor. */
  actor: string;
  /** The machine's id (the `id` of its root state, as in stately.json's machines). */
  machine: string;
  event: string;
  value: unknown;
  /** Active state node ids. */
  states: string[];
  status: string;
  at: number;
  page: string;
}

export type LiveMessage = LiveSnapshotMessage | { kind: 'hello' };

let channel: BroadcastChannel | undefined;
const latest = new Map<string, LiveSnapshotMessage>();

function open(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(LIVE_CHANNEL);
  // A viewer opened later asks for the current state of every actor still running.
  channel.onmessage = (message: MessageEvent<LiveMessage>) => {
    if (message.data?.kind !== 'hello') return;
    for (const snapshot of latest.values()) channel?.postMessage(snapshot);
  };
  return channel;
}

/** Pass as `inspect` to createActor / useActorRef (development only). */
export function liveInspect(inspection: InspectionEvent): void {
  if (inspection.type !== '@xstate.snapshot') return;
  const logic = (inspection.actorRef as { logic?: { id?: unknown; root?: unknown } }).logic;
  // Only machines have charts; promise and callback actors they invoke are shown as invocations.
  if (!logic || typeof logic.id !== 'string' || !logic.root) return;
  const snapshot = inspection.snapshot as { value?: unknown; status?: string; _nodes?: AnyStateNode[] };
  const message: LiveSnapshotMessage = {
    kind: 'snapshot',
    actor: inspection.actorRef.sessionId,
    machine: logic.id,
    event: inspection.event.type,
    value: snapshot.value,
    states: (snapshot._nodes ?? []).map((node) => node.id),
    status: snapshot.status ?? 'active',
    at: Date.now(),
    page: typeof location === 'undefined' ? '' : location.pathname,
  };
  if (message.status === 'active') latest.set(message.actor, message);
  else latest.delete(message.actor);
  try {
    open()?.postMessage(message);
  } catch {
    // A value that cannot be cloned (never expected: values are strings and objects of strings) is not worth a crash.
  }
}
