// Renaming a project (project settings → General, spec A2.5, A6): examples and generated paths.
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { projectRenameMachine } from '../machines/project-rename.machine.ts';
import {
  selectIsRenaming,
  selectJustRenamed,
  selectRenameError,
  selectRenameName,
  selectRenameUnchanged,
} from '../machines/project-rename.selectors.ts';
import { NEW_PROJECT_MESSAGES } from '../src/domain/new-project.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample } from './support/paths.ts';

function start(name = 'Shop') {
  const fakes = controlledActors({ renameProject: 'promise' } as const);
  const actor = createActor(projectRenameMachine.provide({ actors: fakes.logic }), { input: { ref: 'abc', name } }).start();
  return { actor, fakes };
}

describe('project-rename machine', () => {
  it('sends the trimmed name and adopts what the platform saved', async () => {
    const { actor, fakes } = start();
    const renamed: string[] = [];
    actor.on('project.renamed', (event) => renamed.push(event.name));
    expect(selectRenameUnchanged(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'name.edit', value: '  Shop two ' });
    actor.send({ type: 'rename.submit' });
    expect(selectIsRenaming(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('renameProject')[0]?.input).toEqual({ ref: 'abc', name: 'Shop two' });
    await fakes.resolve('renameProject', { name: 'Shop two' });
    expect(selectJustRenamed(actor.getSnapshot())).toBe(true);
    expect(selectRenameName(actor.getSnapshot())).toBe('Shop two');
    expect(selectRenameUnchanged(actor.getSnapshot())).toBe(true);
    // Said once per saved name (the form toasts and reloads on it, issue 15): a second save says it again.
    expect(renamed).toEqual(['Shop two']);
    actor.send({ type: 'name.edit', value: 'Shop three' });
    actor.send({ type: 'rename.submit' });
    await fakes.resolve('renameProject', { name: 'Shop three' });
    expect(renamed).toEqual(['Shop two', 'Shop three']);
  });

  it('refuses an empty, too long or unchanged name without calling the platform', () => {
    const { actor, fakes } = start();
    for (const [value, message] of [
      ['   ', NEW_PROJECT_MESSAGES.nameRequired],
      ['x'.repeat(65), NEW_PROJECT_MESSAGES.nameTooLong],
      [' Shop ', NEW_PROJECT_MESSAGES.nameUnchanged],
    ] as const) {
      actor.send({ type: 'name.edit', value });
      expect(selectRenameError(actor.getSnapshot())).toBeNull();
      actor.send({ type: 'rename.submit' });
      expect(selectRenameError(actor.getSnapshot())).toBe(message);
    }
    expect(fakes.starts('renameProject')).toHaveLength(0);
  });

  it("shows the platform's message when renaming fails, and keeps the typed name", async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'name.edit', value: 'Other' });
    actor.send({ type: 'rename.submit' });
    const renamed: unknown[] = [];
    actor.on('project.renamed', (event) => renamed.push(event));
    await fakes.reject('renameProject', new Error('You need additional permissions to rename this project'));
    expect(renamed).toEqual([]);
    expect(selectRenameError(actor.getSnapshot())).toBe('You need additional permissions to rename this project');
    expect(selectRenameName(actor.getSnapshot())).toBe('Other');
  });

  it('adopts a reloaded name only while the field is untouched', () => {
    const { actor } = start();
    actor.send({ type: 'project.loaded', name: 'Renamed elsewhere' });
    expect(selectRenameName(actor.getSnapshot())).toBe('Renamed elsewhere');
    actor.send({ type: 'name.edit', value: 'Typing' });
    actor.send({ type: 'project.loaded', name: 'Again' });
    expect(selectRenameName(actor.getSnapshot())).toBe('Typing');
  });
});

// Generated paths: every state and transition of the machine, with the invariant of each state.
type Snap = SnapshotFrom<typeof projectRenameMachine>;
const events: EventSample[] = [
  { type: 'name.edit', value: 'Shop two' },
  { type: 'name.edit', value: '   ' },
  { type: 'project.loaded', name: 'Renamed elsewhere' },
  { type: 'rename.submit' },
  { type: 'xstate.done.actor.renameProject', output: { name: 'Shop two' } },
  { type: 'xstate.error.actor.renameProject', error: { message: 'You need additional permissions to rename this project' } },
];

describeMachinePaths('project-rename machine: generated paths', projectRenameMachine, {
  actors: controlledActors({ renameProject: 'promise' } as const),
  input: { ref: 'abc', name: 'Shop' },
  events,
  serializeState: (s: Snap) => JSON.stringify({ value: s.value, name: s.context.name, saved: s.context.savedName, error: s.context.error }),
  required: [
    'idle --rename.submit--> renaming',
    'renaming --xstate.done.actor.renameProject--> idle.saved',
    'renaming --xstate.error.actor.renameProject--> idle.failed',
  ],
  invariants: {
    idle: (s, { actors }) => {
      expect(actors?.running()).toEqual([]);
      expect(selectIsRenaming(s)).toBe(false);
    },
    'idle.ready': (s) => expect(s.context.error).toBeNull(),
    'idle.saved': (s) => {
      expect(selectJustRenamed(s)).toBe(true);
      // Just saved (or reloaded since, while untouched): the field holds what the platform holds.
      expect(s.context.name).toBe(s.context.savedName);
    },
    'idle.failed': (s) => expect(selectRenameError(s)).not.toBeNull(),
    renaming: (s, { actors }) => {
      expect(actors?.running()).toEqual(['renameProject']);
      expect(s.context.name.trim()).not.toBe('');
      expect(s.context.error).toBeNull();
    },
  },
});
