// @vitest-environment jsdom
// spec B2.3 (issue 20): the grid's columns come from the read replica picked in the table editor — read there when a
// healthy replica is picked, the primary's (the route's) otherwise, and never a replica's answer for another pick.
import '../../../ui/testing/jsdom.ts';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../../api/types.ts';
import type { TableMeta } from '../../../domain/table-editor/types.ts';
import { TableEditorProvider, useTableEditor } from '../TableEditorContext.tsx';
import { useReplicaTableMeta } from './useReplicaTableMeta.ts';

const fetchTableMeta = vi.hoisted(() => vi.fn());
vi.mock('../../../api/table-editor.ts', async (original) => ({ ...(await original<object>()), fetchTableMeta }));

const REPLICA = 'proj1-rr-abcdef';
const SICK = 'proj1-rr-sick00';
const project = {
  id: 1,
  ref: 'proj1',
  name: 'Storefront',
  databases: [
    { identifier: 'proj1', status: 'ACTIVE_HEALTHY' },
    { identifier: REPLICA, status: 'ACTIVE_HEALTHY', region: 'local' },
    { identifier: SICK, status: 'ACTIVE_UNHEALTHY', region: 'local' },
  ],
} as unknown as Project;
const meta = (names: string[]) => ({ id: 42, schema: 'public', name: 'items', columns: names.map((name) => ({ name })) }) as unknown as TableMeta;
const PRIMARY = meta(['id', 'name', 'added_on_primary']);

let pick: (identifier: string) => void;
function Probe() {
  pick = useTableEditor().setDatabase;
  const shown = useReplicaTableMeta(project, PRIMARY, PRIMARY);
  return <p data-testid="shown">{shown.state === 'ready' ? shown.meta.columns.map((c) => c.name).join(',') : shown.state === 'failed' ? `failed: ${shown.error}` : 'loading'}</p>;
}
const shown = () => screen.getByTestId('shown').textContent;

beforeEach(() => {
  localStorage.clear();
  fetchTableMeta.mockReset();
});

describe('useReplicaTableMeta', () => {
  it('the primary: the route meta, nothing read', () => {
    render(<TableEditorProvider project={project}><Probe /></TableEditorProvider>);
    expect(shown()).toBe('id,name,added_on_primary');
    expect(fetchTableMeta).not.toHaveBeenCalled();
  });

  it('a healthy replica picked: its columns, read there by the primary id; back to the primary at once', async () => {
    fetchTableMeta.mockResolvedValue(meta(['id', 'name']));
    render(<TableEditorProvider project={project}><Probe /></TableEditorProvider>);
    act(() => pick(REPLICA));
    expect(shown()).toBe('loading');
    await waitFor(() => expect(shown()).toBe('id,name'));
    expect(fetchTableMeta).toHaveBeenCalledWith('proj1', 42, { database: REPLICA });
    act(() => pick('proj1'));
    expect(shown()).toBe('id,name,added_on_primary');
  });

  it('an unhealthy replica is the primary (the picker offers it unselectable): nothing read there', () => {
    localStorage.setItem(`strata.table-editor.database.proj1`, SICK);
    render(<TableEditorProvider project={project}><Probe /></TableEditorProvider>);
    expect(shown()).toBe('id,name,added_on_primary');
    expect(fetchTableMeta).not.toHaveBeenCalled();
  });

  it("the replica's refusal is shown, not the primary's columns", async () => {
    fetchTableMeta.mockRejectedValue(new Error('Table public.items not found on the read replica'));
    render(<TableEditorProvider project={project}><Probe /></TableEditorProvider>);
    act(() => pick(REPLICA));
    await waitFor(() => expect(shown()).toBe('failed: Table public.items not found on the read replica'));
  });
});
