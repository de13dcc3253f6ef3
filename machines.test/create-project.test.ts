// New-project form (spec A2.2 /new/{orgSlug}, A3 Postgres version, A7): examples, generated paths, properties.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { createProjectMachine, type CreateProjectEvent } from '../machines/create-project.machine.ts';
import {
  selectCreatedRef,
  selectError,
  selectFieldErrors,
  selectFields,
  selectIsLoadingVersions,
  selectIsSubmitting,
  selectVersion,
  selectVersions,
  selectVersionsError,
} from '../machines/create-project.selectors.ts';
import { NEW_PROJECT_MESSAGES, type NewProjectField } from '../src/domain/new-project.ts';
import type { AvailableVersion } from '../src/domain/postgres-versions.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample } from './support/paths.ts';

const kinds = { loadVersions: 'promise', createProject: 'promise' } as const;
const STRONG = 'Quiet-river-stone-42';
const VERSIONS: AvailableVersion[] = [
  { version: 'strata-postgres-15.8', release_channel: 'ga', postgres_engine: '15' },
  { version: 'strata-postgres-17.4', release_channel: 'preview', postgres_engine: '17' },
  { version: 'strata-postgres-16.2', release_channel: 'ga', postgres_engine: '16' },
];

function start(slug = 'acme') {
  const fakes = controlledActors(kinds);
  const actor = createActor(createProjectMachine.provide({ actors: fakes.logic }), { input: { organizationSlug: slug } }).start();
  return { actor, fakes };
}
const edit = (field: NewProjectField, value: string): CreateProjectEvent => ({ type: 'form.edit', field, value });

describe('create-project machine: examples', () => {
  it('loads the versions for the provider and region, sorted, ga preferred', async () => {
    const { actor, fakes } = start();
    expect(selectIsLoadingVersions(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('loadVersions')[0]?.input).toEqual({ organizationSlug: 'acme', provider: 'AWS', region: 'local' });
    await fakes.resolve('loadVersions', VERSIONS);
    expect(selectVersions(actor.getSnapshot()).map((v) => v.postgres_engine)).toEqual(['17', '16', '15']);
    expect(selectVersion(actor.getSnapshot())).toBe('16|ga');
    expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
  });

  it('takes edits while the versions load, and keeps a version chosen meanwhile', async () => {
    const { actor, fakes } = start();
    actor.send(edit('name', 'Shop'));
    actor.send(edit('version', '15|ga'));
    await fakes.resolve('loadVersions', VERSIONS);
    expect(selectFields(actor.getSnapshot())).toMatchObject({ name: 'Shop', version: '15|ga' });
  });

  it('a versions failure is shown, the platform default is used, and a retry reloads', async () => {
    const { actor, fakes } = start();
    await fakes.reject('loadVersions', { message: 'Organization not found' });
    expect(selectVersionsError(actor.getSnapshot())).toBe('Organization not found');
    expect(selectVersion(actor.getSnapshot())).toBe('');
    actor.send({ type: 'versions.retry' });
    await fakes.resolve('loadVersions', VERSIONS);
    expect(selectVersionsError(actor.getSnapshot())).toBeNull();
    expect(selectVersion(actor.getSnapshot())).toBe('16|ga');
  });

  it('refuses a weak password with the meter message and sends nothing', async () => {
    const { actor, fakes } = start();
    await fakes.resolve('loadVersions', VERSIONS);
    actor.send(edit('name', 'Shop'));
    actor.send(edit('password', 'password1'));
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches({ editing: 'invalid' })).toBe(true);
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ password: 'This password is too common and easy to guess.' });
    expect(fakes.starts('createProject')).toEqual([]);
    actor.send(edit('password', STRONG));
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({});
  });

  it('creates the project and ends with its ref', async () => {
    const { actor, fakes } = start();
    await fakes.resolve('loadVersions', VERSIONS);
    actor.send(edit('name', ' Shop '));
    actor.send(edit('password', STRONG));
    actor.send({ type: 'form.submit' });
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('createProject')[0]?.input).toEqual({
      organizationSlug: 'acme',
      fields: { name: ' Shop ', password: STRONG, region: 'local', version: '16|ga' },
    });
    const created: string[] = [];
    actor.on('project.created', (event) => created.push(event.ref));
    await fakes.resolve('createProject', { ref: 'abcdefghijklmnopqrst' });
    expect(selectCreatedRef(actor.getSnapshot())).toBe('abcdefghijklmnopqrst');
    // Said once (the page navigates on it, issue 15).
    expect(created).toEqual(['abcdefghijklmnopqrst']);
    expect(actor.getSnapshot().output).toEqual({ ref: 'abcdefghijklmnopqrst' });
  });

  it('a server failure is shown verbatim and the form is kept; edits during submit are refused', async () => {
    const { actor, fakes } = start();
    await fakes.resolve('loadVersions', VERSIONS);
    actor.send(edit('name', 'Shop'));
    actor.send(edit('password', STRONG));
    actor.send({ type: 'form.submit' });
    actor.send(edit('name', 'changed while sending'));
    await fakes.reject('createProject', { message: 'postgres_engine 16 is not available; available: 15' });
    const snap = actor.getSnapshot();
    expect(snap.matches({ editing: 'failed' })).toBe(true);
    expect(selectError(snap)).toBe('postgres_engine 16 is not available; available: 15');
    expect(selectFields(snap)).toEqual({ name: 'Shop', password: STRONG, region: 'local', version: '16|ga' });
  });

  it('names every wrong field', async () => {
    const { actor, fakes } = start();
    await fakes.resolve('loadVersions', []);
    actor.send(edit('region', ''));
    actor.send(edit('version', 'bogus'));
    actor.send({ type: 'form.submit' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      name: NEW_PROJECT_MESSAGES.nameRequired,
      password: 'Enter a database password.',
      region: NEW_PROJECT_MESSAGES.regionRequired,
      version: NEW_PROJECT_MESSAGES.versionInvalid,
    });
  });

  it.each(Object.keys(kinds))('the default %s actor is a loud stub', async (name) => {
    const logic = createProjectMachine.implementations.actors[name as keyof typeof kinds] as AnyActorLogic;
    const child = createActor(logic, { input: {} });
    const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
    child.start();
    expect(String(await failure)).toMatch(/actor is not provided/);
  });
});

describe('create-project machine: properties', () => {
  const editArb = fc.record({
    type: fc.constant('form.edit' as const),
    field: fc.constantFrom<NewProjectField>('name', 'password', 'region', 'version'),
    value: fc.oneof(fc.string({ maxLength: 24 }), fc.constantFrom(STRONG, 'local', '15|ga', '')),
  });

  it('random edits before, during and after loading, a submit and a failure: the input is never lost', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(editArb, { maxLength: 6 }),
        fc.array(editArb, { maxLength: 8 }),
        fc.boolean(),
        fc.string({ minLength: 1, maxLength: 60 }),
        async (early, late, versionsLoad, message) => {
          const { actor, fakes } = start();
          for (const event of early) actor.send(event);
          if (versionsLoad) await fakes.resolve('loadVersions', VERSIONS);
          else await fakes.reject('loadVersions', new Error('offline'));
          for (const event of late) actor.send(event);
          const before = selectFields(actor.getSnapshot());
          actor.send({ type: 'form.submit' });
          if (fakes.isRunning('createProject')) {
            expect(fakes.starts('createProject')[0]?.input).toEqual({ organizationSlug: 'acme', fields: before });
            actor.send(edit('name', 'stray'));
            await fakes.reject('createProject', { message });
            expect(selectError(actor.getSnapshot())).toBe(message);
          } else {
            expect(Object.keys(selectFieldErrors(actor.getSnapshot())).length).toBeGreaterThan(0);
          }
          expect(selectFields(actor.getSnapshot())).toEqual(before);
          expect(actor.getSnapshot().hasTag('error')).toBe(true);
          actor.stop();
        },
      ),
      { numRuns: 150 },
    );
  });
});

type Snap = SnapshotFrom<typeof createProjectMachine>;
const events: EventSample<typeof createProjectMachine>[] = [
  edit('name', 'Shop'),
  edit('password', STRONG),
  edit('password', 'weak'),
  { type: 'form.submit' },
  { type: 'versions.retry' },
  { type: 'xstate.done.actor.loadVersions', output: VERSIONS },
  { type: 'xstate.error.actor.loadVersions', error: { message: 'offline' } },
  { type: 'xstate.done.actor.createProject', output: { ref: 'abcdefghijklmnopqrst' } },
  { type: 'xstate.error.actor.createProject', error: { message: 'Organization not found' } },
];

describeMachinePaths('create-project machine: generated paths', createProjectMachine, {
  actors: controlledActors(kinds),
  input: { organizationSlug: 'acme' },
  events,
  simplePaths: false,
  // The future depends on whether the form would pass, not on its text.
  serializeState: (s: Snap) =>
    JSON.stringify({
      value: s.value,
      status: s.status,
      named: s.context.name !== '',
      strong: s.context.password === STRONG,
      version: s.context.version,
      versionsError: s.context.versionsError !== null,
      errors: Object.keys(s.context.fieldErrors).sort(),
    }),
  invariants: {
    loadingVersions: (s, { actors }) => {
      expect(actors?.running()).toEqual(['loadVersions']);
      expect(s.hasTag('busy')).toBe(true);
    },
    editing: (s, { actors }) => {
      expect(actors?.running()).toEqual([]);
      expect(s.hasTag('busy')).toBe(false);
      // A loaded list always has a choice; without one the platform's default version is used ('').
      if (s.context.versions.length > 0 && !s.context.versionsError) expect(s.context.version).not.toBe('');
    },
    'editing.ready': (s) => expect(s.context.error).toBeNull(),
    'editing.invalid': (s) => expect(s.context.error).toBeNull(),
    'editing.failed': (s) => expect(selectError(s)).toBe('Organization not found'),
    submitting: (s, { actors }) => {
      expect(actors?.running()).toEqual(['createProject']);
      expect(s.context.fieldErrors).toEqual({});
      expect(s.context.password).toBe(STRONG);
    },
    created: (s) => expect(selectCreatedRef(s)).toBe('abcdefghijklmnopqrst'),
  },
});
