// @vitest-environment jsdom
import '../../../ui/testing/jsdom.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../../api/types.ts';
import type { ExtensionRow } from '../../../domain/database/extensions.ts';

// Database → Extensions (issue 19) with its effects replaced: the reads, the dependents and the script it runs.
const h = vi.hoisted(() => ({
  role: 'owner' as string | undefined,
  paused: false,
  reads: 0,
  dependents: [] as string[],
  scripts: [] as string[],
  extensions: [] as ExtensionRow[],
}));
vi.mock('../../shared/useProjectRole.ts', () => ({ useProjectRole: () => h.role }));
vi.mock('../../shared/ProjectPausedCard.tsx', () => ({ ProjectPausedCard: () => <p>paused project card</p> }));
vi.mock('../../shared/ProjectStatusContext.tsx', async () => {
  const { createActor, createMachine } = await import('xstate');
  const paused = createActor(createMachine({ context: { status: 'INACTIVE' } })).start();
  const active = createActor(createMachine({ context: { status: 'ACTIVE_HEALTHY' } })).start();
  return { useProjectStatusActor: () => (h.paused ? paused : active) };
});
vi.mock('../../../actors/database-admin.ts', async () => {
  const { taskWith } = await import('../../../../machines/task.machine.ts');
  return {
    extensionsRead: taskWith(async () => {
      h.reads += 1;
      return { extensions: h.extensions, schemas: ['extensions', 'public'] };
    }),
    extensionDependentsRead: taskWith(async () => h.dependents),
  };
});
vi.mock('../../../actors/sql-script.ts', async () => {
  const { taskWith } = await import('../../../../machines/task.machine.ts');
  return {
    sqlScriptTask: taskWith(async ({ query, label }: { query: string; label: string }) => {
      h.scripts.push(query);
      return label;
    }),
  };
});

const { ExtensionsPage } = await import('./ExtensionsPage.tsx');

const project = { ref: 'abc', name: 'P', status: 'ACTIVE_HEALTHY', organization_id: 1, organization_slug: 'org' } as unknown as Project;
const HSTORE: ExtensionRow = { name: 'hstore', comment: 'key/value pairs', default_version: '1.8', installed_version: '1.8', schema: 'extensions' };
const TRGM: ExtensionRow = { name: 'pg_trgm', comment: 'trigram similarity', default_version: '1.6', installed_version: null, schema: null };

beforeEach(() => {
  h.role = 'owner';
  h.paused = false;
  h.reads = 0;
  h.dependents = [];
  h.scripts = [];
  h.extensions = [HSTORE, TRGM];
});

describe('Database → Extensions (issue 19)', () => {
  it('lists enabled and disabled extensions; search filters', async () => {
    render(<ExtensionsPage project={project} />);
    const table = await screen.findByRole('table', { name: 'Extensions' });
    expect(table.textContent).toContain('hstore');
    expect(table.textContent).toContain('Enabled');
    expect(table.textContent).toContain('Disabled');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search for an extension' }), { target: { value: 'trigram' } });
    expect(screen.getByRole('table', { name: 'Extensions' }).textContent).not.toContain('hstore');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search for an extension' }), { target: { value: 'zzz' } });
    expect(screen.getByRole('heading', { name: 'No results found' })).toBeTruthy();
  });

  it('enabling shows the SQL with the schema typed, runs exactly it, then reads again', async () => {
    render(<ExtensionsPage project={project} />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Enable pg_trgm' }));
    await screen.findByRole('dialog', { name: 'Enable pg_trgm' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Schema' }), { target: { value: 'gis' } });
    const sql = 'begin;\ncreate schema if not exists gis;\ncreate extension if not exists pg_trgm with schema gis cascade;\ncommit;';
    expect(screen.getByLabelText('SQL to run').textContent).toBe(sql);
    expect(screen.getByText(/does not exist yet: it is created first/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enable extension' }));
    await waitFor(() => expect(h.reads).toBe(2));
    expect(h.scripts).toEqual([sql]);
  });

  it('disabling lists the dependents and adds CASCADE only when ticked', async () => {
    h.dependents = ['column attrs of table kv'];
    render(<ExtensionsPage project={project} />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Disable hstore' }));
    await screen.findByRole('dialog', { name: 'Disable hstore' });
    expect((await screen.findByRole('list', { name: 'Dependent objects' })).textContent).toBe('column attrs of table kv');
    expect(screen.getByLabelText('SQL to run').textContent).toBe('drop extension if exists hstore;');
    fireEvent.click(screen.getByRole('switch', { name: /CASCADE/ }));
    expect(screen.getByLabelText('SQL to run').textContent).toBe('drop extension if exists hstore cascade;');
    fireEvent.click(screen.getByRole('button', { name: 'Disable extension' }));
    await waitFor(() => expect(h.scripts).toEqual(['drop extension if exists hstore cascade;']));
  });

  it('read-only members see the list without switches; a paused project shows the paused card', async () => {
    h.role = 'read_only';
    const { unmount } = render(<ExtensionsPage project={project} />);
    await screen.findByRole('table', { name: 'Extensions' });
    expect(screen.queryByRole('switch')).toBeNull();
    unmount();
    h.paused = true;
    render(<ExtensionsPage project={project} />);
    expect(screen.getByText('paused project card')).toBeTruthy();
  });
});
