// Fake actors whose outcomes a test decides: promise stubs stay pending until the test (or the path harness)
// resolves or rejects them; callback stubs record what they receive and send back what the test emits.
// See README.md in this folder.
import { fromCallback, fromPromise, type AnyActorRef, type CallbackActorLogic, type EventObject, type PromiseActorLogic } from 'xstate';

export type ControlledKind = 'promise' | 'callback';

/** The logic record to hand to `machine.provide({ actors })`. */
export type ControlledLogic<TKinds extends Record<string, ControlledKind>> = {
  [K in keyof TKinds]: TKinds[K] extends 'promise' ? PromiseActorLogic<any, any> : CallbackActorLogic<EventObject, any>;
};

/** One start of a controlled actor: which stub (src), under which actor id, with which input. */
export interface ControlledStart {
  src: string;
  id: string;
  input: unknown;
}

interface PromiseInvocation {
  src: string;
  self: AnyActorRef;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

interface CallbackInvocation {
  src: string;
  self: AnyActorRef;
  sendBack: (event: EventObject) => void;
  received: EventObject[];
}

export interface ActorController<TKinds extends Record<string, ControlledKind> = Record<string, ControlledKind>> {
  /** The stubs, keyed by the names the machine gives its actors in `setup({ actors })`. */
  readonly logic: ControlledLogic<TKinds>;
  /** Whether a controlled actor with this actor id (the invoke `id`) is running now. */
  isRunning(id: string): boolean;
  /** Ids of the controlled actors running now. */
  running(): string[];
  /** Every start so far (since the last `reset`), oldest first; filter by stub name with `src`. */
  starts(src?: keyof TKinds & string): ControlledStart[];
  /** Resolve the running promise actor `id` with `output`, then let the machine process the outcome. */
  resolve(id: string, output?: unknown): Promise<void>;
  /** Reject the running promise actor `id` with `error`, then let the machine process the outcome. */
  reject(id: string, error?: unknown): Promise<void>;
  /** Make the running callback actor `id` send `event` to its parent (like a real listener would). */
  emit(id: string, event: EventObject): void;
  /** Events the running callback actor `id` received from its parent. */
  received(id: string): EventObject[];
  /** Forget every start and invocation (the path harness calls it before each path). */
  reset(): void;
}

/** Lets promise callbacks and the actor mailboxes run; fake timers do not hold microtasks back. */
export async function flushMicrotasks(rounds = 20): Promise<void> {
  for (let round = 0; round < rounds; round++) await Promise.resolve();
}

const isActive = (self: AnyActorRef): boolean => self.getSnapshot().status === 'active';

/**
 * Creates controllable stubs, one per named actor:
 *
 * ```ts
 * const fakes = controlledActors({ readStoredPreference: 'promise', watchSystemTheme: 'callback' });
 * const actor = createActor(themeMachine.provide({ actors: fakes.logic })).start();
 * await fakes.resolve('readStoredPreference', 'light');
 * ```
 *
 * Promise stubs never settle by themselves, so nothing moves unless the test says so.
 */
export function controlledActors<const TKinds extends Record<string, ControlledKind>>(kinds: TKinds): ActorController<TKinds> {
  const promises: PromiseInvocation[] = [];
  const callbacks: CallbackInvocation[] = [];
  let starts: ControlledStart[] = [];

  const logic = {} as Record<string, unknown>;
  for (const [src, kind] of Object.entries(kinds)) {
    if (kind === 'promise') {
      logic[src] = fromPromise<unknown, unknown>(({ input, self, signal }) => {
        starts.push({ src, id: self.id, input });
        return new Promise((resolve, reject) => {
          const invocation: PromiseInvocation = { src, self, resolve, reject };
          promises.push(invocation);
          signal.addEventListener('abort', () => remove(promises, invocation));
        });
      });
    } else {
      logic[src] = fromCallback<EventObject, unknown>(({ input, self, sendBack, receive }) => {
        starts.push({ src, id: self.id, input });
        const invocation: CallbackInvocation = { src, self, sendBack, received: [] };
        callbacks.push(invocation);
        receive((event) => invocation.received.push(event));
        return () => remove(callbacks, invocation);
      });
    }
  }

  function remove<T>(list: T[], item: T): void {
    const index = list.indexOf(item);
    if (index !== -1) list.splice(index, 1);
  }

  function findRunning<T extends { self: AnyActorRef }>(list: T[], id: string, kind: ControlledKind): T {
    const found = [...list].reverse().find((invocation) => invocation.self.id === id && isActive(invocation.self));
    if (!found) {
      const ids = controller.running();
      throw new Error(
        `no controlled ${kind} actor with id '${id}' is running (running: ${ids.length ? ids.join(', ') : 'none'})`,
      );
    }
    return found;
  }

  const controller: ActorController<TKinds> = {
    logic: logic as ControlledLogic<TKinds>,
    isRunning: (id) =>
      [...promises, ...callbacks].some((invocation) => invocation.self.id === id && isActive(invocation.self)),
    running: () =>
      [...promises, ...callbacks].filter((invocation) => isActive(invocation.self)).map((invocation) => invocation.self.id),
    starts: (src) => starts.filter((start) => src === undefined || start.src === src),
    async resolve(id, output) {
      const invocation = findRunning(promises, id, 'promise');
      remove(promises, invocation);
      invocation.resolve(output);
      await flushMicrotasks();
    },
    async reject(id, error) {
      const invocation = findRunning(promises, id, 'promise');
      remove(promises, invocation);
      invocation.reject(error);
      await flushMicrotasks();
    },
    emit(id, event) {
      findRunning(callbacks, id, 'callback').sendBack(event);
    },
    received: (id) => findRunning(callbacks, id, 'callback').received,
    reset() {
      promises.length = 0;
      callbacks.length = 0;
      starts = [];
    },
  };
  return controller;
}
