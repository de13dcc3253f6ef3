// Role impersonation machine: examples, generated paths, a property.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import { roleImpersonationMachine } from '../machines/role-impersonation.machine.ts';
import { selectImpersonation, selectImpersonationLabel, selectIsImpersonating, selectRecentSearches } from '../machines/role-impersonation.selectors.ts';
import { RECENT_USER_SEARCHES_MAX } from '../src/domain/impersonation.ts';
import { describeMachinePaths } from './support/paths.ts';

function start(recentSearches: string[] = []) {
  const written: string[][] = [];
  const machine = roleImpersonationMachine.provide({ actions: { rememberSearches: (_, p) => void written.push(p.searches) } });
  return { written, actor: createActor(machine, { input: { recentSearches } }).start() };
}

describe('role impersonation machine: examples', () => {
  it('switches between acting as the member, a postgrest role with a user, and a hook role', () => {
    const { actor } = start();
    expect(selectIsImpersonating(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'impersonation.postgrest', role: 'authenticated', user: { id: 'u1', email: 'a@b.c' } });
    expect(selectImpersonationLabel(actor.getSnapshot())).toBe('authenticated (a@b.c)');
    actor.send({ type: 'impersonation.postgres', role: 'authenticated', schema: 'public', functionName: 'hook' });
    expect(selectImpersonation(actor.getSnapshot())).toMatchObject({ type: 'postgres', schema: 'public', functionName: 'hook' });
    actor.send({ type: 'impersonation.clear' });
    expect(selectImpersonation(actor.getSnapshot())).toEqual({ type: 'none' });
  });

  it('remembers user searches newest first and writes them; blank searches are ignored', () => {
    const { actor, written } = start(['old']);
    actor.send({ type: 'impersonation.searched', search: '  ' });
    actor.send({ type: 'impersonation.searched', search: 'alice' });
    actor.send({ type: 'impersonation.searched', search: 'old' });
    expect(selectRecentSearches(actor.getSnapshot())).toEqual(['old', 'alice']);
    expect(written).toEqual([['alice', 'old'], ['old', 'alice']]);
  });

  it('property: the remembered list stays unique and capped whatever is searched', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 4 }), { maxLength: 30 }), (searches) => {
        const { actor } = start();
        for (const search of searches) actor.send({ type: 'impersonation.searched', search });
        const list = selectRecentSearches(actor.getSnapshot());
        expect(new Set(list).size).toBe(list.length);
        expect(list.length).toBeLessThanOrEqual(RECENT_USER_SEARCHES_MAX);
      }),
    );
  });
});

describeMachinePaths('role impersonation machine: generated paths', roleImpersonationMachine, {
  provide: { actions: { rememberSearches: () => {} } },
  input: { recentSearches: [] },
  events: [
    { type: 'impersonation.postgrest', role: 'anon' },
    { type: 'impersonation.postgres', role: 'authenticated', schema: 'public', functionName: 'hook' },
    { type: 'impersonation.clear' },
    { type: 'impersonation.searched', search: 'alice' },
  ],
  simplePaths: false,
  invariants: {
    none: (s) => expect(s.context.choice.type).toBe('none'),
    postgrest: (s) => expect(s.context.choice).toMatchObject({ type: 'postgrest', role: 'anon' }),
    postgres: (s) => expect(s.context.choice).toMatchObject({ type: 'postgres', functionName: 'hook' }),
  },
});
