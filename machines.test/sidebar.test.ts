// Sidebar behaviour machine (spec A2.4): examples, generated paths with coverage, properties.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import { sidebarMachine, type SidebarEvent } from '../machines/sidebar.machine.ts';
import {
  selectMobileOpen,
  selectSidebarBehaviour,
  selectSidebarLoading,
  selectSidebarOpen,
  selectSidebarRestingOpen,
  sidebarBehaviourOptions,
} from '../machines/sidebar.selectors.ts';
import { SIDEBAR_BEHAVIOURS, type SidebarBehaviour } from '../src/domain/navigation/sidebar-behaviour.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type MachinePathsOptions } from './support/paths.ts';

function sidebarFakes() {
  return controlledActors({ readStoredBehaviour: 'promise', writeStoredBehaviour: 'promise', writeOpenCookie: 'promise' });
}

function startSidebar(cookieOpen?: boolean) {
  const fakes = sidebarFakes();
  const actor = createActor(sidebarMachine.provide({ actors: fakes.logic }), { input: { cookieOpen } }).start();
  return { actor, fakes };
}

const cookieWrites = (fakes: ReturnType<typeof sidebarFakes>) => fakes.starts('writeOpenCookie').map((start) => start.input);
const behaviourWrites = (fakes: ReturnType<typeof sidebarFakes>) =>
  fakes.starts('writeStoredBehaviour').map((start) => start.input);

describe('sidebar machine: examples', () => {
  it('shows what the cookie said until the stored behaviour is read', async () => {
    const { actor, fakes } = startSidebar(true);
    expect(selectSidebarLoading(actor.getSnapshot())).toBe(true);
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(true);
    await fakes.resolve('readStoredBehaviour', 'collapsed');
    expect(actor.getSnapshot().value).toEqual({ desktop: 'collapsed', mobile: 'closed', persistence: 'idle' });
    expect(selectSidebarLoading(actor.getSnapshot())).toBe(false);
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(false);
    expect(cookieWrites(fakes)).toEqual([{ open: false }]);
    expect(behaviourWrites(fakes)).toEqual([]);
  });

  it("defaults to 'Expand on hover' for a missing or unknown value and for unreadable storage", async () => {
    for (const outcome of [{ output: null }, { output: 'sideways' }, { error: new Error('SecurityError') }]) {
      const { actor, fakes } = startSidebar();
      expect(selectSidebarOpen(actor.getSnapshot())).toBe(false);
      if ('error' in outcome) await fakes.reject('readStoredBehaviour', outcome.error);
      else await fakes.resolve('readStoredBehaviour', outcome.output);
      expect(selectSidebarBehaviour(actor.getSnapshot())).toBe('hover');
      expect(actor.getSnapshot().matches({ desktop: { hover: 'closed' } })).toBe(true);
    }
  });

  it('opens on hover only in hover mode', async () => {
    const { actor, fakes } = startSidebar();
    await fakes.resolve('readStoredBehaviour', 'hover');
    actor.send({ type: 'sidebar.pointerEnter' });
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'sidebar.pointerLeave' });
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'sidebar.setBehaviour', behaviour: 'collapsed' });
    actor.send({ type: 'sidebar.pointerEnter' });
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'sidebar.setBehaviour', behaviour: 'expanded' });
    actor.send({ type: 'sidebar.pointerLeave' });
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(true);
  });

  it('writes a new behaviour to storage and its resting state to the cookie; the same one again changes nothing', async () => {
    const { actor, fakes } = startSidebar();
    await fakes.resolve('readStoredBehaviour', 'hover');
    actor.send({ type: 'sidebar.pointerEnter' });
    actor.send({ type: 'sidebar.setBehaviour', behaviour: 'hover' });
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(true);
    expect(behaviourWrites(fakes)).toEqual([]);

    actor.send({ type: 'sidebar.setBehaviour', behaviour: 'expanded' });
    expect(actor.getSnapshot().matches({ persistence: 'writing' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(behaviourWrites(fakes)).toEqual([{ behaviour: 'expanded' }]);
    expect(cookieWrites(fakes)).toEqual([{ open: false }, { open: true }]);
    await fakes.resolve('writeStoredBehaviour');
    expect(actor.getSnapshot().matches({ persistence: 'idle' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('keeps the choice in this tab when storage refuses it', async () => {
    const { actor, fakes } = startSidebar();
    await fakes.resolve('readStoredBehaviour', null);
    actor.send({ type: 'sidebar.setBehaviour', behaviour: 'collapsed' });
    await fakes.reject('writeStoredBehaviour', new Error('QuotaExceededError'));
    expect(actor.getSnapshot().matches({ persistence: 'idle', desktop: 'collapsed' })).toBe(true);
  });

  it('opens and closes the mobile sheet independently of the desktop state', async () => {
    const { actor, fakes } = startSidebar();
    actor.send({ type: 'sidebar.mobileOpen' });
    expect(selectMobileOpen(actor.getSnapshot())).toBe(true);
    await fakes.resolve('readStoredBehaviour', 'collapsed');
    expect(selectMobileOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'sidebar.mobileClose' });
    expect(selectMobileOpen(actor.getSnapshot())).toBe(false);
  });

  it('fails loudly when its effects are not provided', () => {
    const actor = createActor(sidebarMachine);
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(actor.getSnapshot().status).toBe('error');
    // The read stub's throw is taken as unreadable storage; the cookie stub then crashes the actor.
    expect(String(errors[0])).toMatch(/the '(read sidebar behaviour|write sidebar cookie)' actor is not provided/);
  });
});

describe('sidebar selectors', () => {
  const at = (value: object, behaviour: SidebarBehaviour, cookieOpen?: boolean) =>
    sidebarMachine.resolveState({ value: { mobile: 'closed', persistence: 'idle', ...value }, context: { behaviour, cookieOpen } });

  it('derive the open state from the behaviour, the hover and, while loading, the cookie', () => {
    expect(selectSidebarOpen(at({ desktop: 'expanded' }, 'expanded'))).toBe(true);
    expect(selectSidebarOpen(at({ desktop: 'collapsed' }, 'collapsed'))).toBe(false);
    expect(selectSidebarOpen(at({ desktop: { hover: 'open' } }, 'hover'))).toBe(true);
    expect(selectSidebarOpen(at({ desktop: { hover: 'closed' } }, 'hover'))).toBe(false);
    expect(selectSidebarOpen(at({ desktop: 'loading' }, 'hover', true))).toBe(true);
    expect(selectSidebarOpen(at({ desktop: 'loading' }, 'hover', false))).toBe(false);
    expect(selectSidebarOpen(at({ desktop: 'loading' }, 'hover'))).toBe(false);
  });

  it('give the resting state, the mobile sheet and the behaviour', () => {
    expect(selectSidebarRestingOpen(at({ desktop: { hover: 'open' } }, 'hover'))).toBe(false);
    expect(selectSidebarRestingOpen(at({ desktop: 'expanded' }, 'expanded'))).toBe(true);
    expect(selectMobileOpen(at({ desktop: 'expanded', mobile: 'open' }, 'expanded'))).toBe(true);
    expect(selectSidebarBehaviour(at({ desktop: 'collapsed' }, 'collapsed'))).toBe('collapsed');
    expect(selectSidebarLoading(at({ desktop: 'loading' }, 'hover'))).toBe(true);
  });

  it("list the behaviours with the spec's labels, 'Expand on hover' included", () => {
    expect(sidebarBehaviourOptions).toEqual([
      { value: 'expanded', label: 'Expanded' },
      { value: 'collapsed', label: 'Collapsed' },
      { value: 'hover', label: 'Expand on hover' },
    ]);
  });
});

// ─── generated paths ────────────────────────────────────────────────────────────────────────────────────────────

const pathFakes = sidebarFakes();
const lastCookie = () => pathFakes.starts('writeOpenCookie').at(-1)?.input as { open: boolean } | undefined;

const events: MachinePathsOptions<typeof sidebarMachine>['events'] = [
  ...SIDEBAR_BEHAVIOURS.map((behaviour) => ({ type: 'sidebar.setBehaviour', behaviour }) as const),
  { type: 'sidebar.pointerEnter' },
  { type: 'sidebar.pointerLeave' },
  { type: 'sidebar.mobileOpen' },
  { type: 'sidebar.mobileClose' },
  ...['expanded', 'collapsed', 'hover', null].map((output) => ({ type: 'xstate.done.actor.readStoredBehaviour', output }) as const),
  { type: 'xstate.error.actor.readStoredBehaviour', error: new Error('SecurityError') },
  { type: 'xstate.done.actor.writeStoredBehaviour' },
  { type: 'xstate.error.actor.writeStoredBehaviour', error: new Error('QuotaExceededError') },
];

describeMachinePaths('sidebar machine: generated paths', sidebarMachine, {
  actors: pathFakes,
  input: { cookieOpen: true },
  events,
  // Three parallel regions × behaviour: simple paths would explode; shortest + edge paths cover every edge.
  simplePaths: false,
  invariants: {
    'desktop.loading': (snapshot) => {
      expect(pathFakes.isRunning('readStoredBehaviour')).toBe(true);
      expect(selectSidebarOpen(snapshot)).toBe(true); // the cookie's value, until the preference is known
      expect(pathFakes.starts('writeOpenCookie')).toEqual([]);
    },
    'desktop.expanded': (snapshot) => {
      expect(snapshot.context.behaviour).toBe('expanded');
      expect(selectSidebarOpen(snapshot)).toBe(true);
      expect(lastCookie()).toEqual({ open: true });
    },
    'desktop.collapsed': (snapshot) => {
      expect(snapshot.context.behaviour).toBe('collapsed');
      expect(selectSidebarOpen(snapshot)).toBe(false);
      expect(lastCookie()).toEqual({ open: false });
    },
    'desktop.hover': (snapshot) => {
      expect(snapshot.context.behaviour).toBe('hover');
      expect(lastCookie()).toEqual({ open: false });
    },
    'desktop.hover.closed': (snapshot) => expect(selectSidebarOpen(snapshot)).toBe(false),
    'desktop.hover.open': (snapshot) => expect(selectSidebarOpen(snapshot)).toBe(true),
    'mobile.closed': (snapshot) => expect(selectMobileOpen(snapshot)).toBe(false),
    'mobile.open': (snapshot) => expect(selectMobileOpen(snapshot)).toBe(true),
    'persistence.idle': () => expect(pathFakes.isRunning('writeStoredBehaviour')).toBe(false),
    'persistence.writing': (snapshot) => {
      expect(pathFakes.isRunning('writeStoredBehaviour')).toBe(true);
      expect(pathFakes.starts('writeStoredBehaviour').at(-1)?.input).toEqual({ behaviour: snapshot.context.behaviour });
    },
  },
});

// ─── properties ─────────────────────────────────────────────────────────────────────────────────────────────────

type Command = { kind: 'send'; event: SidebarEvent } | { kind: 'settleRead'; value: unknown; fail: boolean } | { kind: 'settleWrite'; fail: boolean };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.constantFrom(...SIDEBAR_BEHAVIOURS).map((behaviour) => ({ kind: 'send' as const, event: { type: 'sidebar.setBehaviour' as const, behaviour } })),
  fc
    .constantFrom<SidebarEvent['type']>('sidebar.pointerEnter', 'sidebar.pointerLeave', 'sidebar.mobileOpen', 'sidebar.mobileClose')
    .map((type) => ({ kind: 'send' as const, event: { type } as SidebarEvent })),
  fc.record({ kind: fc.constant('settleRead' as const), value: fc.oneof(fc.constantFrom(...SIDEBAR_BEHAVIOURS), fc.constant(null), fc.string()), fail: fc.boolean() }),
  fc.record({ kind: fc.constant('settleWrite' as const), fail: fc.boolean() }),
);

describe('sidebar machine: properties', () => {
  it('expanded is always open, collapsed never opens (not even on hover), hover opens exactly while hovered; writes follow the choice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(fc.boolean(), { nil: undefined }), fc.array(commandArb, { maxLength: 30 }), async (cookieOpen, commands) => {
        const { actor, fakes } = startSidebar(cookieOpen);
        let hovered = false; // the model: was the last pointer event since entering hover mode an enter?
        let mobileOpen = false;
        for (const command of commands) {
          const before = actor.getSnapshot().context.behaviour;
          const wasLoading = selectSidebarLoading(actor.getSnapshot());
          if (command.kind === 'send') {
            actor.send(command.event);
            if (command.event.type === 'sidebar.pointerEnter') hovered = true;
            if (command.event.type === 'sidebar.pointerLeave') hovered = false;
            if (command.event.type === 'sidebar.mobileOpen') mobileOpen = true;
            if (command.event.type === 'sidebar.mobileClose') mobileOpen = false;
          } else if (command.kind === 'settleRead' && fakes.isRunning('readStoredBehaviour')) {
            if (command.fail) await fakes.reject('readStoredBehaviour', new Error('blocked'));
            else await fakes.resolve('readStoredBehaviour', command.value);
          } else if (command.kind === 'settleWrite' && fakes.isRunning('writeStoredBehaviour')) {
            if (command.fail) await fakes.reject('writeStoredBehaviour', new Error('full'));
            else await fakes.resolve('writeStoredBehaviour');
          }
          const snapshot = actor.getSnapshot();
          const behaviour = selectSidebarBehaviour(snapshot);
          // Entering hover mode (from the stored value or a new choice) starts closed.
          if (behaviour !== before || (wasLoading && !selectSidebarLoading(snapshot))) hovered = false;
          const open = selectSidebarOpen(snapshot);
          if (selectSidebarLoading(snapshot)) {
            expect(open).toBe(cookieOpen ?? false);
          } else {
            if (behaviour === 'expanded') expect(open).toBe(true);
            if (behaviour === 'collapsed') expect(open).toBe(false);
            if (behaviour === 'hover') expect(open).toBe(hovered);
            expect(fakes.starts('writeOpenCookie').at(-1)?.input).toEqual({ open: selectSidebarRestingOpen(snapshot) });
          }
          expect(selectMobileOpen(snapshot)).toBe(mobileOpen);
          const written = fakes.starts('writeStoredBehaviour').at(-1)?.input;
          if (written) expect(written).toEqual({ behaviour });
        }
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});
