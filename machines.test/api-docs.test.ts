// The API docs panel (spec B2.5): examples and generated paths.
import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { apiDocsMachine } from '../machines/api-docs.machine.ts';
import {
  selectGeneratingTypes,
  selectKeysShown,
  selectLanguage,
  selectResource,
  selectSection,
  selectTypesError,
} from '../machines/api-docs.selectors.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample } from './support/paths.ts';

type Snap = SnapshotFrom<typeof apiDocsMachine>;

function start(canRevealKeys = true) {
  const fakes = controlledActors({ generateTypes: 'promise' } as const);
  const notifyTypesGenerated = vi.fn();
  const notifyTypesFailed = vi.fn();
  const actor = createActor(apiDocsMachine.provide({ actors: fakes.logic, actions: { notifyTypesGenerated, notifyTypesFailed } }), {
    input: { ref: 'abc', canRevealKeys, schemas: ['public', 'api'] },
  }).start();
  return { actor, fakes, notifyTypesGenerated, notifyTypesFailed };
}

describe('api-docs machine', () => {
  it('starts on the introduction in Javascript with the keys masked; Show keys / Hide keys toggles them', () => {
    const { actor } = start();
    const s = actor.getSnapshot();
    expect([selectSection(s), selectResource(s), selectLanguage(s), selectKeysShown(s)]).toEqual(['introduction', null, 'js', false]);
    actor.send({ type: 'keys.toggle' });
    expect(selectKeysShown(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'keys.toggle' });
    expect(selectKeysShown(actor.getSnapshot())).toBe(false);
  });

  it('never reveals the keys to a user who may not read them (B6)', () => {
    const { actor } = start(false);
    actor.send({ type: 'keys.toggle' });
    expect(selectKeysShown(actor.getSnapshot())).toBe(false);
  });

  it('opens a resource of a section, picks another, and goes back to the section', () => {
    const { actor } = start();
    actor.send({ type: 'section.open', section: 'entities' });
    actor.send({ type: 'resource.open', resource: 'books' });
    expect(selectResource(actor.getSnapshot())).toBe('books');
    actor.send({ type: 'resource.open', resource: 'authors' });
    expect(selectResource(actor.getSnapshot())).toBe('authors');
    actor.send({ type: 'back' });
    expect([selectSection(actor.getSnapshot()), selectResource(actor.getSnapshot())]).toEqual(['entities', null]);
  });

  it('generates types for the exposed schemas and reports success or the failure message', async () => {
    const { actor, fakes, notifyTypesGenerated, notifyTypesFailed } = start();
    actor.send({ type: 'types.generate' });
    expect(selectGeneratingTypes(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('generateTypes')[0]?.input).toEqual({ ref: 'abc', schemas: ['public', 'api'] });
    await fakes.resolve('generateTypes', undefined);
    expect(notifyTypesGenerated).toHaveBeenCalledTimes(1);
    actor.send({ type: 'types.generate' });
    await fakes.reject('generateTypes', new Error('The project is not running'));
    expect(selectTypesError(actor.getSnapshot())).toBe('The project is not running');
    expect(notifyTypesFailed).toHaveBeenCalledTimes(1);
  });
});

const events: EventSample<typeof apiDocsMachine>[] = [
  { type: 'language.set', language: 'bash' },
  { type: 'keys.toggle' },
  { type: 'section.open', section: 'entities' },
  { type: 'resource.open', resource: 'books' },
  { type: 'back' },
  { type: 'types.generate' },
  { type: 'xstate.done.actor.generateTypes' },
  { type: 'xstate.error.actor.generateTypes', error: new Error('boom') },
];

describeMachinePaths('api-docs machine: generated paths', apiDocsMachine, {
  actors: controlledActors({ generateTypes: 'promise' } as const),
  provide: { actions: { notifyTypesGenerated: () => {}, notifyTypesFailed: () => {} } },
  input: { ref: 'abc', canRevealKeys: true, schemas: ['public'] },
  events,
  simplePaths: false,
  serializeState: (s: Snap) => JSON.stringify({ value: s.value, c: { ...s.context } }),
  required: [
    'navigation.section --resource.open--> navigation.resource',
    'navigation.resource --back--> navigation.section',
    'navigation.resource --resource.open--> navigation.resource',
    'navigation.section --section.open--> navigation.section',
    'types.idle --types.generate--> types.generating',
    'types.generating --xstate.done.actor.generateTypes--> types.idle',
    'types.generating --xstate.error.actor.generateTypes--> types.idle',
  ],
  invariants: {
    'navigation.section': (s) => expect(selectResource(s)).toBeNull(),
    'navigation.resource': (s) => expect(selectResource(s)).not.toBeNull(),
    'types.idle': (s, { actors }) => {
      expect(actors?.running()).toEqual([]);
      expect(selectGeneratingTypes(s)).toBe(false);
    },
    'types.generating': (s) => expect(selectGeneratingTypes(s)).toBe(true),
  },
});
