// Organization settings (spec A2.2 /org/{slug}/general, A5 typed confirmation, A6): examples, paths, properties.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { organizationSettingsMachine, renameProblem } from '../machines/organization-settings.machine.ts';
import {
  selectDeleteError,
  selectIsDeleted,
  selectIsDeleting,
  selectIsRenaming,
  selectIsUnchanged,
  selectJustSaved,
  selectName,
  selectRenameError,
  selectSavedName,
} from '../machines/organization-settings.selectors.ts';
import { ORGANIZATION_MESSAGES } from '../src/domain/organizations.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample } from './support/paths.ts';

const kinds = { renameOrganization: 'promise', deleteOrganization: 'promise' } as const;
const FORBIDDEN = 'You do not have permission to delete this organization';

function start(name = 'Acme') {
  const fakes = controlledActors(kinds);
  const actor = createActor(organizationSettingsMachine.provide({ actors: fakes.logic }), { input: { slug: 'acme', name } }).start();
  return { actor, fakes };
}

describe('organization-settings machine: examples', () => {
  it('renames with the trimmed name and adopts what the server saved', async () => {
    const { actor, fakes } = start();
    expect(selectIsUnchanged(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'name.edit', value: '  Acme Labs ' });
    actor.send({ type: 'rename.submit' });
    expect(selectIsRenaming(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('renameOrganization')[0]?.input).toEqual({ slug: 'acme', name: 'Acme Labs' });
    await fakes.resolve('renameOrganization', { name: 'Acme Labs' });
    expect(selectJustSaved(actor.getSnapshot())).toBe(true);
    expect(selectSavedName(actor.getSnapshot())).toBe('Acme Labs');
    expect(selectName(actor.getSnapshot())).toBe('Acme Labs');
  });

  it('refuses an empty or unchanged name without a request', () => {
    const { actor, fakes } = start();
    actor.send({ type: 'rename.submit' });
    expect(selectRenameError(actor.getSnapshot())).toBe(ORGANIZATION_MESSAGES.nameUnchanged);
    actor.send({ type: 'name.edit', value: '   ' });
    actor.send({ type: 'rename.submit' });
    expect(selectRenameError(actor.getSnapshot())).toBe(ORGANIZATION_MESSAGES.nameRequired);
    expect(fakes.starts()).toEqual([]);
  });

  it('a rename failure keeps the typed name and shows the server message', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'name.edit', value: 'New name' });
    actor.send({ type: 'rename.submit' });
    await fakes.reject('renameOrganization', { message: 'You do not have permission to update this organization' });
    expect(selectRenameError(actor.getSnapshot())).toBe('You do not have permission to update this organization');
    expect(selectName(actor.getSnapshot())).toBe('New name');
    expect(selectSavedName(actor.getSnapshot())).toBe('Acme');
  });

  it('deletes; a refusal (403, 409) is shown verbatim and the page stays usable', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'delete.confirm' });
    expect(selectIsDeleting(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('deleteOrganization')[0]?.input).toEqual({ slug: 'acme' });
    await fakes.reject('deleteOrganization', { message: FORBIDDEN, status: 403 });
    expect(selectDeleteError(actor.getSnapshot())).toBe(FORBIDDEN);
    actor.send({ type: 'delete.dismiss' });
    expect(selectDeleteError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'delete.confirm' });
    await fakes.resolve('deleteOrganization');
    expect(selectIsDeleted(actor.getSnapshot())).toBe(true);
  });

  it('emits what the page does next (issue 15): renamed → toast and reload, delete failed → the modal closes, deleted → leave', async () => {
    const { actor, fakes } = start();
    const emitted: unknown[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.send({ type: 'name.edit', value: 'Acme Labs' });
    actor.send({ type: 'rename.submit' });
    expect(emitted).toEqual([]);
    await fakes.resolve('renameOrganization', { name: 'Acme Labs' });
    expect(emitted).toEqual([{ type: 'organization.renamed', name: 'Acme Labs' }]);
    actor.send({ type: 'delete.confirm' });
    await fakes.reject('deleteOrganization', { message: FORBIDDEN, status: 403 });
    expect(emitted.slice(1)).toEqual([{ type: 'organization.deleteFailed', message: FORBIDDEN }]);
    actor.send({ type: 'delete.confirm' });
    await fakes.resolve('deleteOrganization');
    expect(emitted.slice(2)).toEqual([{ type: 'organization.deleted' }]);
  });

  it('a reload adopts the new name only while the field is untouched', () => {
    const { actor } = start();
    actor.send({ type: 'organization.loaded', name: 'Renamed elsewhere' });
    expect(selectName(actor.getSnapshot())).toBe('Renamed elsewhere');
    actor.send({ type: 'name.edit', value: 'Mine' });
    actor.send({ type: 'organization.loaded', name: 'Again' });
    expect(selectName(actor.getSnapshot())).toBe('Mine');
  });

  it.each(Object.keys(kinds))('the default %s actor is a loud stub', async (name) => {
    const logic = organizationSettingsMachine.implementations.actors[name as keyof typeof kinds] as AnyActorLogic;
    const child = createActor(logic, { input: {} });
    const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
    child.start();
    expect(String(await failure)).toMatch(/actor is not provided/);
  });
});

describe('organization-settings machine: properties', () => {
  it('renameProblem: a name is sent iff it is valid and differs from the saved one', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ minLength: 1, maxLength: 20 }), (name, savedName) => {
        const problem = renameProblem({ name, savedName });
        const sendable = name.trim() !== '' && name.trim() !== savedName;
        expect(problem === null).toBe(sendable);
      }),
    );
  });

  it('random edits then a failed rename or delete: the typed name is never lost', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ maxLength: 16 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('rename', 'delete'),
        fc.string({ minLength: 1, maxLength: 40 }),
        async (edits, action, message) => {
          const { actor, fakes } = start();
          for (const value of edits) actor.send({ type: 'name.edit', value });
          const typed = selectName(actor.getSnapshot());
          actor.send({ type: action === 'rename' ? 'rename.submit' : 'delete.confirm' });
          const [running] = fakes.running();
          if (running) await fakes.reject(running, { message });
          expect(selectName(actor.getSnapshot())).toBe(typed);
          if (running) expect(action === 'rename' ? selectRenameError(actor.getSnapshot()) : selectDeleteError(actor.getSnapshot())).toBe(message);
          actor.stop();
        },
      ),
      { numRuns: 150 },
    );
  });
});

type Snap = SnapshotFrom<typeof organizationSettingsMachine>;
const events: EventSample<typeof organizationSettingsMachine>[] = [
  { type: 'name.edit', value: 'Acme Labs' },
  { type: 'name.edit', value: '' },
  { type: 'rename.submit' },
  { type: 'delete.confirm' },
  { type: 'delete.dismiss' },
  { type: 'organization.loaded', name: 'Acme' },
  { type: 'xstate.done.actor.renameOrganization', output: { name: 'Acme Labs' } },
  { type: 'xstate.error.actor.renameOrganization', error: { message: 'rename refused' } },
  { type: 'xstate.done.actor.deleteOrganization' },
  { type: 'xstate.error.actor.deleteOrganization', error: { message: FORBIDDEN } },
];

describeMachinePaths('organization-settings machine: generated paths', organizationSettingsMachine, {
  actors: controlledActors(kinds),
  input: { slug: 'acme', name: 'Acme' },
  events,
  simplePaths: false,
  serializeState: (s: Snap) =>
    JSON.stringify({ value: s.value, status: s.status, name: s.context.name, saved: s.context.savedName, r: s.context.renameError, d: s.context.deleteError }),
  invariants: {
    idle: (s, { actors }) => {
      expect(actors?.running()).toEqual([]);
      expect(s.hasTag('busy')).toBe(false);
    },
    'idle.ready': (s) => expect(s.context.renameError).toBeNull(),
    'idle.saved': (s) => expect(s.context.name).toBe(s.context.savedName),
    'idle.renameFailed': (s) => expect(selectRenameError(s)).not.toBeNull(),
    'idle.deleteFailed': (s) => expect(selectDeleteError(s)).toBe(FORBIDDEN),
    renaming: (s, { actors }) => {
      expect(actors?.running()).toEqual(['renameOrganization']);
      expect(renameProblem(s.context)).toBeNull();
    },
    deleting: (_, { actors }) => expect(actors?.running()).toEqual(['deleteOrganization']),
    deleted: (s) => expect(s.status).toBe('done'),
  },
});
