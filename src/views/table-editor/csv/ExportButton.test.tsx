// @vitest-environment jsdom
// The Export menu (issue 14): CSV, JSON and SQL of the table, and of the filtered rows when filters apply; the
// request names the format (none for CSV, as before) and the toast names the file.
import '../../../ui/testing/jsdom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableMeta } from '../../../domain/table-editor/types.ts';
import { ExportButton } from './ExportButton.tsx';

const exportRequest = vi.hoisted(() => vi.fn());
vi.mock('../../../api/table-editor-csv.ts', () => ({ requestTableExport: exportRequest }));
const toasts = vi.hoisted(() => ({ info: vi.fn(), error: vi.fn() }));
vi.mock('../../../ui/toast.ts', () => ({ toast: toasts }));

const table = { id: 7, schema: 'public', name: 'people', columns: [], primary_keys: ['id'] } as unknown as TableMeta;
const filters = [{ column: 'score', operator: 'gt' as const, value: '10' }];
const sorts = [{ column: 'id', ascending: true }];

beforeEach(() => {
  exportRequest.mockReset();
  exportRequest.mockResolvedValue({ url: 'http://127.0.0.1/exports/proj1?q=x&token=y' });
  toasts.info.mockReset();
  toasts.error.mockReset();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

const menuItems = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('ExportButton', () => {
  it('offers the three formats, and the three again for the filtered rows when filters apply', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ExportButton projectRef="proj1" table={table} filters={[]} sorts={[]} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(menuItems()).toEqual(['Export table as CSV', 'Export table as JSON', 'Export table as SQL']);
    await user.keyboard('{Escape}');
    rerender(<ExportButton projectRef="proj1" table={table} filters={filters} sorts={sorts} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(menuItems()).toEqual([
      'Export table as CSV',
      'Export table as JSON',
      'Export table as SQL',
      'Export filtered rows as CSV',
      'Export filtered rows as JSON',
      'Export filtered rows as SQL',
    ]);
  });

  it('exports in the chosen format and says which file downloads', async () => {
    const user = userEvent.setup();
    render(<ExportButton projectRef="proj1" table={table} filters={filters} sorts={sorts} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export filtered rows as JSON' }));
    await waitFor(() => expect(toasts.info).toHaveBeenCalledWith('Downloading people.json'));
    expect(exportRequest).toHaveBeenLastCalledWith('proj1', { schema: 'public', table: 'people', filters, sorts, format: 'json' });

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export table as SQL' }));
    await waitFor(() => expect(toasts.info).toHaveBeenLastCalledWith('Downloading people.sql'));
    expect(exportRequest).toHaveBeenLastCalledWith('proj1', { schema: 'public', table: 'people', filters: [], sorts, format: 'sql' });

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export filtered rows as CSV' }));
    await waitFor(() => expect(toasts.info).toHaveBeenLastCalledWith('Downloading people.csv'));
    expect(exportRequest).toHaveBeenLastCalledWith('proj1', { schema: 'public', table: 'people', filters, sorts });
  });

  it('passes the role and says why an export failed', async () => {
    const user = userEvent.setup();
    exportRequest.mockRejectedValueOnce(new Error('column "nope" does not exist'));
    const anon = { role: 'anon', claims: { role: 'anon' } };
    render(<ExportButton projectRef="proj1" table={table} filters={[]} sorts={[]} impersonation={() => anon} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export table as JSON' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Could not export people', { description: 'column "nope" does not exist' }));
    expect(exportRequest).toHaveBeenCalledWith('proj1', { schema: 'public', table: 'people', filters: [], sorts: [], format: 'json', impersonation: anon });
    expect(toasts.info).not.toHaveBeenCalled();
  });
});
