// New-organization form (spec A2.2 /new): examples, generated paths, properties.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { createOrganizationMachine, type CreateOrganizationEvent } from '../machines/create-organization.machine.ts';
import {
  selectCreatedSlug,
  selectError,
  selectIsSubmitting,
  selectName,
  selectNameError,
  selectPlan,
} from '../machines/create-organization.selectors.ts';
import { ORGANIZATION_MESSAGES, PLAN_OPTIONS } from '../src/domain/organizations.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample } from './support/paths.ts';

const kinds = { createOrganization: 'promise' } as const;
function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(createOrganizationMachine.provide({ actors: fakes.logic })).start();
  return { actor, fakes };
}
const edit = (field: 'name' | 'plan', value: string): CreateOrganizationEvent => ({ type: 'form.edit', field, value });

describe('create-organization machine: examples', () => {
  it('an empty name is refused with a clear message and nothing is sent', () => {
    const { actor, fakes } = start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches({ editing: 'invalid' })).toBe(true);
    expect(selectNameError(actor.getSnapshot())).toBe(ORGANIZATION_MESSAGES.nameRequired);
    expect(fakes.starts()).toEqual([]);
    // The message goes as soon as the name is valid.
    actor.send(edit('name', 'Acme'));
    expect(selectNameError(actor.getSnapshot())).toBeNull();
  });

  it('creates with the trimmed name and chosen plan, and ends with the slug', async () => {
    const { actor, fakes } = start();
    actor.send(edit('name', '  Acme Labs '));
    actor.send(edit('plan', 'team'));
    actor.send({ type: 'form.submit' });
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('createOrganization')[0]?.input).toEqual({ name: 'Acme Labs', plan: 'team' });
    expect(selectCreatedSlug(actor.getSnapshot())).toBeNull();
    const created: string[] = [];
    actor.on('organization.created', (event) => created.push(event.slug));
    await fakes.resolve('createOrganization', { slug: 'acme-labs' });
    // Said once (the page navigates on it, issue 15).
    expect(created).toEqual(['acme-labs']);
    expect(actor.getSnapshot().status).toBe('done');
    expect(selectCreatedSlug(actor.getSnapshot())).toBe('acme-labs');
    expect(actor.getSnapshot().output).toEqual({ slug: 'acme-labs' });
  });

  it('ignores unknown plans; the default is free', () => {
    const { actor } = start();
    expect(selectPlan(actor.getSnapshot())).toBe('free');
    actor.send(edit('plan', 'platinum'));
    expect(selectPlan(actor.getSnapshot())).toBe('free');
  });

  it('a server failure shows its message verbatim and keeps the form', async () => {
    const { actor, fakes } = start();
    actor.send(edit('name', 'Acme'));
    actor.send(edit('plan', 'pro'));
    actor.send({ type: 'form.submit' });
    actor.send(edit('name', 'typed while sending')); // the form is disabled; a stray edit changes nothing
    await fakes.reject('createOrganization', { message: 'name must not contain NUL characters' });
    const snap = actor.getSnapshot();
    expect(snap.matches({ editing: 'failed' })).toBe(true);
    expect(selectError(snap)).toBe('name must not contain NUL characters');
    expect(selectName(snap)).toBe('Acme');
    expect(selectPlan(snap)).toBe('pro');
    actor.send({ type: 'form.submit' });
    expect(fakes.starts('createOrganization')).toHaveLength(2);
    expect(selectError(actor.getSnapshot())).toBeNull();
  });

  it('the default createOrganization actor is a loud stub', async () => {
    const logic = createOrganizationMachine.implementations.actors.createOrganization as AnyActorLogic;
    const child = createActor(logic, { input: {} });
    const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
    child.start();
    expect(String(await failure)).toMatch(/actor is not provided/);
  });
});

describe('create-organization machine: properties', () => {
  const editArb = fc.oneof(
    fc.record({ type: fc.constant('form.edit' as const), field: fc.constant('name' as const), value: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('  ')) }),
    fc.record({ type: fc.constant('form.edit' as const), field: fc.constant('plan' as const), value: fc.constantFrom(...PLAN_OPTIONS.map((p) => p.id), 'bogus') }),
  );

  it('random edits, a submit and a failure: the input is never lost', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(editArb, { maxLength: 12 }), fc.string({ minLength: 1, maxLength: 60 }), async (edits, message) => {
        const { actor, fakes } = start();
        for (const event of edits) actor.send(event);
        const before = { name: selectName(actor.getSnapshot()), plan: selectPlan(actor.getSnapshot()) };
        actor.send({ type: 'form.submit' });
        if (before.name.trim() === '') {
          expect(selectNameError(actor.getSnapshot())).toBe(ORGANIZATION_MESSAGES.nameRequired);
          expect(fakes.starts()).toEqual([]);
        } else {
          expect(fakes.starts('createOrganization')[0]?.input).toEqual({ name: before.name.trim(), plan: before.plan });
          await fakes.reject('createOrganization', { message });
          expect(selectError(actor.getSnapshot())).toBe(message);
        }
        expect({ name: selectName(actor.getSnapshot()), plan: selectPlan(actor.getSnapshot()) }).toEqual(before);
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});

type Snap = SnapshotFrom<typeof createOrganizationMachine>;
const events: EventSample<typeof createOrganizationMachine>[] = [
  edit('name', 'Acme'),
  edit('name', ''),
  edit('plan', 'pro'),
  { type: 'form.submit' },
  { type: 'xstate.done.actor.createOrganization', output: { slug: 'acme' } },
  { type: 'xstate.error.actor.createOrganization', error: { message: 'Organization not found' } },
];

describeMachinePaths('create-organization machine: generated paths', createOrganizationMachine, {
  actors: controlledActors(kinds),
  events,
  serializeState: (s: Snap) =>
    JSON.stringify({ value: s.value, status: s.status, named: s.context.name !== '', plan: s.context.plan, nameError: s.context.nameError }),
  invariants: {
    editing: (s, { actors }) => {
      expect(actors?.running()).toEqual([]);
      expect(selectIsSubmitting(s)).toBe(false);
    },
    'editing.ready': (s) => expect(s.context.error).toBeNull(),
    // The message stays while the name is still wrong and goes once it is valid (until the next submit).
    'editing.invalid': (s) => {
      expect([ORGANIZATION_MESSAGES.nameRequired, null]).toContain(selectNameError(s));
      if (s.context.name.trim() !== '') expect(selectNameError(s)).toBeNull();
    },
    // The server's message stays until the next submit.
    'editing.failed': (s) => expect(selectError(s)).toBe('Organization not found'),
    submitting: (s, { actors }) => {
      expect(actors?.running()).toEqual(['createOrganization']);
      expect(s.context.name.trim()).not.toBe('');
    },
    done: (s) => expect(selectCreatedSlug(s)).toBe('acme'),
  },
});
