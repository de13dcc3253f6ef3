// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Column } from '../../../machines/storage-explorer.columns.ts';
import type { StorageItem } from '../../domain/storage.ts';
import { taskWith } from '../../../machines/task.machine.ts';
import type { ThumbnailBatch } from '../../actors/storage-preview.ts';
import { ExplorerColumn, type ExplorerColumnProps } from './ExplorerColumn.tsx';

// jsdom has no IntersectionObserver; the column only needs it for the load-more sentinel.
class NoObserver {
  observe() {}
  disconnect() {}
}
vi.stubGlobal('IntersectionObserver', NoObserver);

const item = (prefix: string, name: string, type: 'FILE' | 'FOLDER', columnIndex: number, extra: Partial<StorageItem> = {}): StorageItem => ({
  id: type === 'FILE' ? name : null,
  name,
  type,
  status: 'READY',
  metadata: type === 'FILE' ? { size: 2048, mimetype: 'text/plain' } : null,
  created_at: null,
  updated_at: null,
  last_accessed_at: null,
  isCorrupted: false,
  path: prefix ? `${prefix}/${name}` : name,
  prefix,
  columnIndex,
  ...extra,
});
const column = (path: string, items: StorageItem[]): Column => ({ id: path, name: path || 'media', path, status: 'READY', items, hasMoreItems: false, isLoadingMoreItems: false });

function renderColumns(overrides: Partial<ExplorerColumnProps> = {}) {
  const onRowAction = vi.fn();
  const onDropFiles = vi.fn();
  const base = {
    editing: null,
    running: null,
    selection: [],
    isPublicBucket: false,
    onRowAction,
    onSubmitName: vi.fn(),
    onCancelName: vi.fn(),
    onLoadMore: vi.fn(),
    onDropFiles,
    refusal: () => null,
    ...overrides,
  };
  render(
    <div>
      <ExplorerColumn {...base} index={0} openPath="docs" column={column('', [item('', 'docs', 'FOLDER', 0), item('', 'a.txt', 'FILE', 0)])} />
      <ExplorerColumn {...base} index={1} openPath={null} column={column('docs', [item('docs', 'b.txt', 'FILE', 1), item('docs', 'old.bin', 'FILE', 1, { metadata: null, isCorrupted: true })])} />
    </div>,
  );
  return { onRowAction, onDropFiles };
}

describe('explorer column', () => {
  it('moves between rows with the arrows, to the next column with →, and opens with Enter', async () => {
    const user = userEvent.setup();
    const { onRowAction } = renderColumns();
    screen.getByTestId('storage-row-docs').focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByTestId('storage-row-a.txt'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByTestId('storage-row-b.txt'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByTestId('storage-row-old.bin'));
    await user.keyboard('{ArrowLeft}');
    // Back in the first column, on the folder that is open.
    expect(document.activeElement).toBe(screen.getByTestId('storage-row-docs'));
    await user.keyboard('{Enter}');
    expect(onRowAction).toHaveBeenCalledWith(expect.objectContaining({ path: 'docs' }), { kind: 'open' }, false);
  });

  it('shows sizes, marks a file without metadata as corrupted, and opens the row menu', async () => {
    const user = userEvent.setup();
    const { onRowAction } = renderColumns();
    expect(screen.getByTestId('storage-row-a.txt').textContent).toContain('2 KB');
    expect(screen.getByTestId('storage-row-old.bin').textContent).toContain('Corrupted');
    await user.click(screen.getByRole('button', { name: 'Actions for a.txt' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Get URL (1 month)' }));
    expect(onRowAction).toHaveBeenCalledWith(expect.objectContaining({ path: 'a.txt' }), { kind: 'signedUrl', expiry: 'MONTH' }, false);
  });

  it('names a new folder in an EDITING row with the error under it', async () => {
    const user = userEvent.setup();
    const onSubmitName = vi.fn();
    renderColumns({ editing: { columnIndex: 0, mode: 'create', item: null, error: 'Folder name cannot contain the "#" character' }, onSubmitName });
    const input = screen.getByLabelText('New folder name');
    expect(screen.getByRole('alert').textContent).toBe('Folder name cannot contain the "#" character');
    await user.type(input, 'photos{Enter}');
    expect(onSubmitName).toHaveBeenCalledWith('photos');
  });

  it('is a grid of rows: the actions button sits in a cell of its own, not inside an option (issue 24, nested-interactive)', () => {
    renderColumns({ selection: ['a.txt'] });
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getAllByRole('grid').map((grid) => grid.getAttribute('aria-label'))).toEqual(['media', 'docs']);
    const row = screen.getByTestId('storage-row-a.txt');
    expect(row.getAttribute('role')).toBe('row');
    expect(row.getAttribute('aria-selected')).toBe('true');
    const actions = screen.getByRole('button', { name: 'Actions for a.txt' });
    const cell = actions.closest('[role="gridcell"]');
    expect(cell?.closest('[role="row"]')).toBe(row);
    // The name has a cell of its own, apart from the button's.
    const cells = [...row.querySelectorAll('[role="gridcell"]')];
    expect(cells.map((c) => c.contains(actions))).toEqual([false, true]);
    expect(cells[0]?.textContent).toContain('a.txt');
  });

  it('the row being named is a grid row too, its field in a cell', () => {
    renderColumns({ editing: { columnIndex: 0, mode: 'create', item: null, error: null } });
    const input = screen.getByLabelText('New folder name');
    expect(input.closest('[role="gridcell"]')?.closest('[role="row"]')?.closest('[role="grid"]')).toBeInstanceOf(HTMLElement);
  });

  it('image files show a lazy decorative thumbnail, signed in one batch a page (issue 14)', async () => {
    const user = userEvent.setup();
    const batches: ThumbnailBatch[] = [];
    const task = taskWith(async (batch: ThumbnailBatch) => {
      batches.push(batch);
      // storage signs what exists: the gone file has no URL.
      return Object.fromEntries(batch.paths.filter((path) => !path.includes('gone')).map((path) => [path, `http://files/${path}?token=t`]));
    });
    const image = (name: string, mimetype = 'image/png') => item('', name, 'FILE', 0, { metadata: { size: 10, mimetype } });
    const firstPage = [item('', 'docs', 'FOLDER', 0), image('a.png'), item('', 'notes.txt', 'FILE', 0), image('b.jpg', 'image/jpeg'), image('logo.svg', 'image/svg+xml'), image('gone.png')];
    const props = {
      index: 0,
      openPath: null,
      editing: null,
      running: null,
      selection: [],
      isPublicBucket: false,
      onRowAction: vi.fn(),
      onSubmitName: vi.fn(),
      onCancelName: vi.fn(),
      onLoadMore: vi.fn(),
      onDropFiles: vi.fn(),
      refusal: () => null,
      thumbnails: { projectRef: 'ref', bucketId: 'media', isPublic: false, task },
    } satisfies Partial<ExplorerColumnProps>;
    const { rerender } = render(<ExplorerColumn {...props} column={column('', firstPage)} />);
    await waitFor(() => expect(screen.getAllByTestId('storage-row-thumbnail')).toHaveLength(2));
    expect(batches).toEqual([{ ref: 'ref', bucketId: 'media', isPublic: false, paths: ['a.png', 'b.jpg', 'gone.png'] }]);
    const thumb = screen.getByTestId('storage-row-a.png').querySelector('img')!;
    expect(thumb.getAttribute('src')).toBe('http://files/a.png?token=t');
    expect(thumb.getAttribute('alt')).toBe('');
    expect(thumb.getAttribute('loading')).toBe('lazy');
    expect(thumb.getAttribute('decoding')).toBe('async');
    for (const name of ['notes.txt', 'logo.svg', 'gone.png', 'docs']) expect(screen.getByTestId(`storage-row-${name}`).querySelector('img')).toBeNull();

    // The next page lands: one more batch, for its images only.
    const secondPage = [...firstPage, image('c.webp', 'image/webp'), item('', 'd.txt', 'FILE', 0)];
    rerender(<ExplorerColumn {...props} column={column('', secondPage)} />);
    await waitFor(() => expect(screen.getAllByTestId('storage-row-thumbnail')).toHaveLength(3));
    expect(batches.map((batch) => batch.paths)).toEqual([['a.png', 'b.jpg', 'gone.png'], ['c.webp']]);

    // A thumbnail that cannot load gives its place back to the icon.
    thumb.dispatchEvent(new Event('error'));
    await waitFor(() => expect(screen.getByTestId('storage-row-a.png').querySelector('img')).toBeNull());

    // The keyboard still walks the rows.
    screen.getByTestId('storage-row-docs').focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByTestId('storage-row-a.png'));
  });

  it('a batch that fails is not asked again, and the rows keep their icons', async () => {
    let calls = 0;
    const task = taskWith(async () => {
      calls += 1;
      throw new Error('Read-only members cannot get a service_role key');
    });
    const props = {
      index: 0, openPath: null, editing: null, running: null, selection: [], isPublicBucket: false,
      onRowAction: vi.fn(), onSubmitName: vi.fn(), onCancelName: vi.fn(), onLoadMore: vi.fn(), onDropFiles: vi.fn(), refusal: () => null,
      thumbnails: { projectRef: 'ref', bucketId: 'media', isPublic: false, task },
    } satisfies Partial<ExplorerColumnProps>;
    const items = [item('', 'a.png', 'FILE', 0, { metadata: { size: 1, mimetype: 'image/png' } })];
    const { rerender } = render(<ExplorerColumn {...props} column={column('', items)} />);
    await waitFor(() => expect(calls).toBe(1));
    rerender(<ExplorerColumn {...props} column={column('', [...items])} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(1);
    expect(screen.queryByTestId('storage-row-thumbnail')).toBeNull();
  });
});
