// @vitest-environment jsdom
import '../../../ui/testing/jsdom.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The Database pages' shared frame and SQL dialog (issue 19), with the script task replaced.
const h = vi.hoisted(() => ({ scripts: [] as string[], fail: null as string | null }));
vi.mock('../../../actors/sql-script.ts', async () => {
  const { taskWith } = await import('../../../../machines/task.machine.ts');
  return {
    sqlScriptTask: taskWith(async ({ query, label }: { query: string; label: string }) => {
      h.scripts.push(query);
      if (h.fail) throw new Error(h.fail);
      return label;
    }),
  };
});

const { DatabaseListPage, DatabaseTable } = await import('./DatabaseListPage.tsx');
const { SqlDialog, buildScript } = await import('../../shared/SqlDialog.tsx');

const frame = (read: { loading: boolean; error: string | null; retry: () => void }, isEmpty = false) => (
  <DatabaseListPage
    title="Things"
    description="All the things"
    search={{ value: '', onChange: () => undefined }}
    read={read}
    errorSubject="Failed to retrieve things"
    isEmpty={isEmpty}
    empty={{ title: 'No things yet' }}
  >
    <DatabaseTable label="Things" rows={[{ id: 'a' }]} rowKey={(r) => r.id} columns={[{ header: 'Id', cell: (r) => r.id }]} />
  </DatabaseListPage>
);

describe('DatabaseListPage', () => {
  it('shows the error with a Retry that retries, the empty state, and the table', () => {
    const retry = vi.fn();
    const { rerender } = render(frame({ loading: false, error: 'boom', retry }));
    expect(screen.getByText(/Failed to retrieve things/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    rerender(frame({ loading: false, error: null, retry }, true));
    expect(screen.getByText('No things yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(frame({ loading: false, error: null, retry }));
    expect(screen.getByRole('table', { name: 'Things' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeTruthy();
  });
});

describe('SqlDialog', () => {
  it('shows the problem and no runnable button until the script is complete', () => {
    render(<SqlDialog projectRef="abc" title="Make" script={buildScript(() => { throw new Error('Please provide a name'); })} confirmLabel="Make it" doneToast="made" onClose={() => undefined} onDone={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('Please provide a name');
    expect(screen.getByRole('button', { name: 'Make it' }).hasAttribute('disabled')).toBe(true);
  });

  it('runs exactly the SQL it shows, then closes; a failure shows Postgres’s error and keeps the dialog', async () => {
    const onClose = vi.fn();
    const onDone = vi.fn();
    h.fail = 'relation "x" does not exist';
    render(<SqlDialog projectRef="abc" title="Drop" script={{ query: 'drop table x;' }} confirmLabel="Drop it" destructive doneToast="dropped" onClose={onClose} onDone={onDone} />);
    expect(screen.getByLabelText('SQL to run').textContent).toBe('drop table x;');
    fireEvent.click(screen.getByRole('button', { name: 'Drop it' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('relation "x" does not exist'));
    expect(onClose).not.toHaveBeenCalled();
    h.fail = null;
    fireEvent.click(screen.getByRole('button', { name: 'Drop it' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(h.scripts).toEqual(['drop table x;', 'drop table x;']);
  });
});
