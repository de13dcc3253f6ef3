// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PolicyPageData } from '../../actors/auth-policies.ts';
import type { Project } from '../../api/types.ts';
import type { PolicyTable } from '../../domain/auth-policies.ts';

// The Policies page (issue 18) with its effects replaced: the page's read, the scripts it runs, the member's role.
const h = vi.hoisted(() => ({
  role: 'owner' as string | undefined,
  reads: [] as Array<{ ref: string; schema: string }>,
  scripts: [] as string[],
  answer: null as null | ((schema: string) => Promise<PolicyPageData>),
}));
vi.mock('../shared/useProjectRole.ts', () => ({ useProjectRole: () => h.role }));
vi.mock('../shared/ProjectPausedCard.tsx', () => ({ ProjectPausedCard: () => <p>paused project card</p> }));
vi.mock('../shared/ProjectStatusContext.tsx', async () => {
  const { createActor, createMachine } = await import('xstate');
  const paused = createActor(createMachine({ context: { status: 'INACTIVE' } })).start();
  return { useProjectStatusActor: () => paused };
});
vi.mock('../../actors/sql-script.ts', async () => {
  const { taskWith } = await import('../../../machines/task.machine.ts');
  return {
    sqlScriptTask: taskWith(async ({ query, label }: { query: string; label: string }) => {
      h.scripts.push(query);
      return label;
    }),
  };
});
vi.mock('../../actors/auth-policies.ts', async () => {
  const { taskWith } = await import('../../../machines/task.machine.ts');
  const { policyEditorMachine } = await import('../../../machines/policy-editor.machine.ts');
  const { fromPromise } = await import('xstate');
  return {
    policyPageRead: taskWith(async (input: { ref: string; schema: string }) => {
      h.reads.push(input);
      return h.answer!(input.schema);
    }),
    policyEditorFor: () =>
      policyEditorMachine.provide({
        actors: {
          runPolicySql: fromPromise<unknown, { query: string }>(async ({ input }) => {
            h.scripts.push(input.query);
            if (input.query.includes('broken')) throw new Error('column "broken" does not exist');
            return null;
          }),
        },
      }),
  };
});

const { AuthPolicies, AuthPoliciesPage } = await import('./AuthPoliciesPage.tsx');

const project = { ref: 'abc', name: 'P', status: 'ACTIVE_HEALTHY', organization_id: 1, organization_slug: 'org' } as unknown as Project;
const TODOS: PolicyTable = {
  schema: 'public',
  name: 'todos',
  rls_enabled: true,
  policies: [{ name: 'own rows', command: 'SELECT', roles: ['authenticated'], using: '(auth.uid() = user_id)', with_check: null, permissive: true }],
};
const NOTES: PolicyTable = { schema: 'public', name: 'notes', rls_enabled: false, policies: [] };

beforeEach(() => {
  h.role = 'owner';
  h.reads = [];
  h.scripts = [];
  h.answer = async () => ({ tables: [NOTES, TODOS], schemas: ['auth', 'public'], roles: ['anon', 'authenticated'] });
});

describe('Authentication → Policies page (issue 18)', () => {
  it('lists each table with its RLS state and policies; search filters by name', async () => {
    render(<AuthPolicies project={project} />);
    const todos = await screen.findByRole('listitem', { name: 'todos' });
    expect(todos.textContent).toContain('RLS enabled');
    expect(todos.textContent).toContain('(auth.uid() = user_id)');
    expect(screen.getByRole('listitem', { name: 'notes' }).textContent).toContain('RLS disabled');
    expect(screen.getByRole('listitem', { name: 'notes' }).textContent).toContain('No policies created yet');
    expect(h.reads).toEqual([{ ref: 'abc', schema: 'public' }]);
    expect(screen.getByRole('button', { name: 'Create policy on notes' }).hasAttribute('disabled')).toBe(false);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search for a table' }), { target: { value: 'TOD' } });
    expect(screen.queryByRole('listitem', { name: 'notes' })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search for a table' }), { target: { value: 'zzz' } });
    expect(screen.getByRole('heading', { name: 'No tables found' })).toBeTruthy();
  });

  it('shows the empty schema', async () => {
    h.answer = async () => ({ tables: [], schemas: ['public'], roles: [] });
    render(<AuthPolicies project={project} />);
    expect(await screen.findByRole('heading', { name: 'No tables in this schema' })).toBeTruthy();
  });

  it('enabling RLS shows the SQL first, runs exactly it, then reads again', async () => {
    render(<AuthPolicies project={project} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Enable RLS on notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable Row Level Security on notes' });
    expect(dialog.querySelector('pre')?.textContent).toBe('alter table public.notes enable row level security;');
    expect(h.scripts).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Enable RLS' }));
    await waitFor(() => expect(h.reads).toHaveLength(2));
    expect(h.scripts).toEqual(['alter table public.notes enable row level security;']);
  });

  it("the editor: a template, the review, and Postgres's error back on the form", async () => {
    render(<AuthPolicies project={project} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create policy on notes' }));
    await screen.findByRole('dialog', { name: 'Create policy on notes' });
    fireEvent.click(screen.getByRole('button', { name: 'Enable insert for authenticated users only' }));
    expect((screen.getByRole('textbox', { name: 'Policy name' }) as HTMLInputElement).value).toBe('Enable insert for authenticated users only');
    expect(screen.queryByRole('textbox', { name: 'USING expression' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'authenticated' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'WITH CHECK expression' }), { target: { value: 'broken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByLabelText('SQL to run').textContent).toBe(
      'create policy "Enable insert for authenticated users only"\non public.notes\nas permissive\nfor insert\nto authenticated\nwith check (broken);',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    expect((await screen.findByRole('alert')).textContent).toBe('column "broken" does not exist');
    expect((screen.getByRole('textbox', { name: 'WITH CHECK expression' }) as HTMLTextAreaElement).value).toBe('broken');
  });

  it('read-only members cannot write', async () => {
    h.role = 'read_only';
    render(<AuthPolicies project={project} />);
    const button = await screen.findByRole('button', { name: 'Create policy on notes' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Enable RLS on notes' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Delete policy own rows' }).hasAttribute('disabled')).toBe(true);
  });

  it('a paused project shows the paused card', () => {
    render(<AuthPoliciesPage project={project} />);
    expect(screen.getByText('paused project card')).toBeTruthy();
  });
});
