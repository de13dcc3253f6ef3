// Authentication → Policies editor (spec A2.7, issue 18): examples and generated paths.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { policyEditorMachine } from '../machines/policy-editor.machine.ts';
import { selectPolicyDraft, selectPolicyError, selectPolicyIsEdit, selectPolicySaving, selectPolicySql } from '../machines/policy-editor.selectors.ts';
import { POLICY_TEMPLATES, emptyPolicyDraft } from '../src/domain/auth-policies.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample } from './support/paths.ts';

const kinds = { runPolicySql: 'promise' } as const;
const READ_ALL = POLICY_TEMPLATES[0]!;
const DENIED = 'permission denied for table todos';

function start(origin: { schema: string; table: string; name: string } | null = null) {
  const fakes = controlledActors(kinds);
  const actor = createActor(policyEditorMachine.provide({ actors: fakes.logic }), { input: { draft: emptyPolicyDraft('public', 'todos'), origin } }).start();
  return { actor, fakes };
}

describe('policy-editor machine', () => {
  it('a template fills the form; the review shows the SQL that then runs, and saving emits once', async () => {
    const { actor, fakes } = start();
    const saved: string[] = [];
    actor.on('policy.saved', (e) => saved.push(e.name));
    actor.send({ type: 'policy.template', template: READ_ALL });
    expect(selectPolicyDraft(actor.getSnapshot())).toMatchObject({ name: READ_ALL.name, command: 'SELECT', using: 'true' });
    actor.send({ type: 'policy.review' });
    const sql = selectPolicySql(actor.getSnapshot());
    expect(sql).toBe('create policy "Enable read access for all users"\non public.todos\nas permissive\nfor select\nto public\nusing (true);');
    actor.send({ type: 'policy.save' });
    expect(selectPolicySaving(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('runPolicySql').map((s) => s.input)).toEqual([{ query: sql }]);
    await fakes.resolve('runPolicySql', []);
    expect(actor.getSnapshot().status).toBe('done');
    expect(saved).toEqual([READ_ALL.name]);
  });

  it('an incomplete draft is not reviewed: the reason shows', () => {
    const { actor } = start();
    actor.send({ type: 'policy.review' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectPolicyError(actor.getSnapshot())).toBe('Please provide a name for your policy');
    actor.send({ type: 'policy.change', patch: { name: 'x' } });
    expect(selectPolicyError(actor.getSnapshot())).toBeNull();
  });

  it("Postgres's error comes back verbatim on the form, the draft kept", async () => {
    const { actor, fakes } = start({ schema: 'public', table: 'todos', name: 'old' });
    expect(selectPolicyIsEdit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'policy.change', patch: { name: 'new', using: 'owner = auth.uid()' } });
    actor.send({ type: 'policy.review' });
    expect(selectPolicySql(actor.getSnapshot())).toMatch(/^begin;\ndrop policy "old" on public.todos;\ncreate policy "new"/);
    actor.send({ type: 'policy.save' });
    await fakes.reject('runPolicySql', new Error(DENIED));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectPolicyError(actor.getSnapshot())).toBe(DENIED);
    expect(selectPolicyDraft(actor.getSnapshot())).toMatchObject({ name: 'new', using: 'owner = auth.uid()' });
  });
});

// Generated paths: every state and transition, with each state's invariant.
const fakes = controlledActors(kinds);
const events: EventSample<typeof policyEditorMachine>[] = [
  { type: 'policy.change', patch: { name: 'p', using: 'true' } },
  { type: 'policy.template', template: READ_ALL },
  { type: 'policy.review' },
  { type: 'policy.back' },
  { type: 'policy.save' },
  { type: 'xstate.done.actor.runPolicySql', output: [] },
  { type: 'xstate.error.actor.runPolicySql', error: new Error(DENIED) },
];

describeMachinePaths('policy-editor machine: generated paths', policyEditorMachine, {
  actors: fakes,
  input: { draft: emptyPolicyDraft('public', 'todos') },
  events,
  required: [
    'editing --policy.review--> reviewing',
    'editing --policy.review--> editing',
    'reviewing --policy.back--> editing',
    'reviewing --policy.save--> saving',
    'saving --xstate.done.actor.runPolicySql--> done',
    'saving --xstate.error.actor.runPolicySql--> editing',
  ],
  invariants: {
    editing: (s) => {
      expect(fakes.running()).toEqual([]);
      expect(selectPolicySql(s)).toBeNull();
      expect(selectPolicySaving(s)).toBe(false);
    },
    reviewing: (s) => {
      expect(fakes.running()).toEqual([]);
      expect(selectPolicySql(s)).toMatch(/^create policy /);
      expect(selectPolicyError(s)).toBeNull();
    },
    saving: (s) => {
      expect(fakes.running()).toEqual(['runPolicySql']);
      expect(fakes.starts('runPolicySql').at(-1)?.input).toEqual({ query: s.context.sql });
    },
    done: (s) => {
      expect(fakes.running()).toEqual([]);
      expect(s.status).toBe('done');
    },
  },
});
