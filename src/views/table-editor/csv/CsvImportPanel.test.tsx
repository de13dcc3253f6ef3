// @vitest-environment jsdom
// The CSV import panel end to end in jsdom: the real machine, the real parser (the worker module installed on a fake
// worker scope, papaparse reading a real File), the real insert actor over a fake `importCsvChunk` that refuses bad
// values like the platform's COPY does. Also the Export menu with a fake export request.
import '../../../ui/testing/jsdom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { attachCsvWorker, type CsvWorkerScope } from '../../../actors/csv-import.worker.ts';
import { ApiError } from '../../../api/client.ts';
import type { ColumnInfo, TableMeta } from '../../../domain/table-editor/types.ts';
import { CsvImportPanel } from './CsvImportPanel.tsx';
import { ExportButton } from './ExportButton.tsx';

const runSql = vi.hoisted(() => vi.fn());
vi.mock('../../../api/table-editor.ts', () => ({ runSql }));
const exportRequest = vi.hoisted(() => vi.fn());
const importChunk = vi.hoisted(() => vi.fn());
vi.mock('../../../api/table-editor-csv.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  requestTableExport: exportRequest,
  importCsvChunk: importChunk,
}));

/** A Worker whose global scope is an object in this thread, with the real parser installed on it. */
class FakeWorker {
  static live = 0;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  private scope: CsvWorkerScope = { onmessage: null, postMessage: (data) => setTimeout(() => this.onmessage?.({ data })) };
  constructor() {
    FakeWorker.live++;
    attachCsvWorker(this.scope);
  }
  postMessage(data: unknown) {
    setTimeout(() => this.scope.onmessage?.({ data } as MessageEvent));
  }
  terminate() {
    FakeWorker.live--;
    this.scope.onmessage = null;
  }
}
vi.stubGlobal('Worker', FakeWorker);

const column = (name: string, format: string): ColumnInfo => ({
  table_id: 7, schema: 'public', table: 'people', id: `7.${name}`, ordinal_position: 1, name, default_value: null,
  data_type: format, format, is_identity: false, identity_generation: null, is_generated: false, is_nullable: true,
  is_updatable: true, is_unique: false, enums: [], check: null, comment: null,
});
const table = {
  id: 7, schema: 'public', name: 'people', type: 'r', comment: null, rls_enabled: false, primary_keys: ['id'],
  relationships: [], estimated_rows: 0, columns: [column('id', 'int8'), column('name', 'text'), column('score', 'numeric')],
} as TableMeta;

let stored: Array<Record<string, unknown>> = [];
beforeEach(() => {
  stored = [];
  importChunk.mockReset();
  // Like the platform's COPY (issue 15): the whole chunk fails when one row's score is not a number, naming its row.
  importChunk.mockImplementation(async (_ref: string, target: { schema: string; table: string; columns: string[] }, bytes: string | Blob) => {
    const body = typeof bytes === 'string' ? bytes : await bytes.text();
    expect(target).toEqual({ schema: 'public', table: 'people', columns: ['id', 'name', 'score'] });
    const rows = Papa.parse<string[]>(body, { delimiter: ',', newline: '\n', skipEmptyLines: true }).data.map((values) =>
      Object.fromEntries(target.columns.map((name, i) => [name, values[i] === '' ? null : values[i]])),
    );
    const bad = rows.findIndex((row) => row.score !== null && Number.isNaN(Number(row.score)));
    if (bad >= 0) throw new ApiError(`invalid input syntax for type numeric: "${String(rows[bad]!.score)}"`, 400, { code: '22P02', row: bad + 1 });
    stored.push(...rows);
    return rows.length;
  });
});

function csv(lines: number, badLine: number): File {
  const rows = ['ID,Name,score'];
  for (let line = 2; line <= lines; line++) rows.push(line === badLine ? `${line},"person, ${line}",oops` : `${line},"person, ${line}",${line / 2}`);
  return new File([rows.join('\n') + '\n'], 'people.csv', { type: 'text/csv' });
}

describe('CsvImportPanel', () => {
  it('previews, maps by name, imports 10,000 lines in batches and reports the bad line by number', async () => {
    const user = userEvent.setup();
    const onImported = vi.fn();
    render(<CsvImportPanel projectRef="proj1" table={table} onClose={vi.fn()} onImported={onImported} />);
    await user.upload(screen.getByLabelText(/Choose a CSV file/), csv(10_000, 4321));

    const mapping = await screen.findByRole('table', { name: 'Column mapping' });
    const rows = within(mapping).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'CSV columnValues look likeImport intoSample',
      expect.stringMatching(/^IDinteger.*id \(int8\).*2 · 3$/),
      expect.stringMatching(/^Nametext.*name \(text\).*person, 2 · person, 3$/),
      expect.stringMatching(/^scorenumber.*score \(numeric\).*1 · 1.5$/),
    ]);
    expect(screen.getByRole('table', { name: 'Preview of the first rows' })).toBeTruthy();
    expect(screen.getByText(/the import stops after 100 of them/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Import rows' }));
    await screen.findByText('Imported 9,998 rows; 1 skipped.', {}, { timeout: 15_000 });
    expect(screen.getByRole('list', { name: 'Lines not imported' }).textContent).toBe('Line 4321: invalid input syntax for type numeric: "oops"');
    expect(stored).toHaveLength(9998);
    expect(stored[0]).toEqual({ id: '2', name: 'person, 2', score: '1' });
    expect(stored.some((row) => row.id === '4321')).toBe(false);
    // One batch (the rows are short), sent again without the refused row: far fewer requests than rows.
    expect(importChunk).toHaveBeenCalledTimes(2);
    expect(FakeWorker.live).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onImported).toHaveBeenCalledWith(9998);
  }, 30_000);

  it('cancels after the batch in flight: the rows said imported are the rows stored', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const inner = importChunk.getMockImplementation()!;
    importChunk.mockImplementation((...args: unknown[]) => new Promise((resolve, reject) => {
      release = () => void (inner as (...a: unknown[]) => Promise<unknown>)(...args).then(resolve, reject);
    }));
    render(<CsvImportPanel projectRef="proj1" table={table} onClose={vi.fn()} onImported={vi.fn()} />);
    // Long rows, so that the file makes several batches of a few MB (batchRows).
    const long = 'x'.repeat(1000);
    const rows = ['ID,Name,score', ...Array.from({ length: 6000 }, (_, i) => `${i + 2},"${long} ${i}",1`)];
    await user.upload(screen.getByLabelText(/Choose a CSV file/), new File([rows.join('\n') + '\n'], 'long.csv'));
    await user.click(await screen.findByRole('button', { name: 'Import rows' }));
    await waitFor(() => expect(importChunk).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Cancel import' }));
    expect(screen.getByRole('button', { name: 'Cancelling after this batch…' })).toBeTruthy();
    release();
    const said = await screen.findByText(/^Import cancelled\. The [\d,]+ rows imported before that stay in the table\.$/);
    const count = Number(/The ([\d,]+) rows/.exec(said.textContent ?? '')![1]!.replaceAll(',', ''));
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(6000);
    expect(stored).toHaveLength(count);
    expect(importChunk).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(FakeWorker.live).toBe(0));
  });

  it('stops after 100 refused rows and says so, keeping what was imported', async () => {
    const user = userEvent.setup();
    const lines = ['id,name,score', ...Array.from({ length: 300 }, (_, i) => `${i + 2},p,${i < 150 ? i : 'bad'}`)];
    render(<CsvImportPanel projectRef="proj1" table={table} onClose={vi.fn()} onImported={vi.fn()} />);
    await user.upload(screen.getByLabelText(/Choose a CSV file/), new File([lines.join('\n')], 'bad.csv'));
    await user.click(await screen.findByRole('button', { name: 'Import rows' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('The import stopped. The 150 rows imported before that stay in the table.');
    expect(alert.textContent).toContain('Stopped after 100 rows were refused');
    expect(screen.getByText('100 (the limit) lines not imported:')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Lines not imported' })).getAllByRole('listitem')[0]!.textContent).toBe(
      'Line 152: invalid input syntax for type numeric: "bad"',
    );
    expect(stored).toHaveLength(150);
  });

  it('lets the user skip a column and switch the header off; an empty file is said plainly', async () => {
    const user = userEvent.setup();
    render(<CsvImportPanel projectRef="proj1" table={table} onClose={vi.fn()} onImported={vi.fn()} />);
    await user.upload(screen.getByLabelText(/Choose a CSV file/), new File([''], 'empty.csv'));
    expect((await screen.findByRole('alert')).textContent).toBe('The file is empty');
    await user.upload(screen.getByLabelText(/Choose a CSV file/), csv(3, 0));
    await screen.findByRole('table', { name: 'Column mapping' });
    await user.click(screen.getByRole('switch', { name: 'First row is a header' }));
    expect(screen.getByText('Map at least one CSV column to a table column')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import rows' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('ExportButton', () => {
  it('offers the filtered export only with filters, and says why an export failed', async () => {
    const user = userEvent.setup();
    exportRequest.mockRejectedValueOnce(new Error('column "nope" does not exist'));
    exportRequest.mockResolvedValueOnce({ url: 'http://127.0.0.1/exports/proj1?q=x&token=y' });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const filters = [{ column: 'score', operator: 'gt' as const, value: '10' }];
    const { rerender } = render(<ExportButton projectRef="proj1" table={table} filters={[]} sorts={[]} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Export table as CSV', 'Export table as JSON', 'Export table as SQL']);
    await user.keyboard('{Escape}');
    rerender(<ExportButton projectRef="proj1" table={table} filters={filters} sorts={[{ column: 'id', ascending: true }]} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export filtered rows as CSV' }));
    await waitFor(() => expect(exportRequest).toHaveBeenCalledTimes(1));
    expect(exportRequest).toHaveBeenCalledWith('proj1', { schema: 'public', table: 'people', filters, sorts: [{ column: 'id', ascending: true }] });
    expect(click).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export table as CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(exportRequest).toHaveBeenLastCalledWith('proj1', { schema: 'public', table: 'people', filters: [], sorts: [{ column: 'id', ascending: true }] });
    // spec B2.7 (issue 14.3): the role the grid reads as goes with the request.
    const anon = { role: 'anon', claims: { role: 'anon' } };
    rerender(<ExportButton projectRef="proj1" table={table} filters={[]} sorts={[]} impersonation={() => anon} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export table as CSV' }));
    await waitFor(() => expect(exportRequest).toHaveBeenLastCalledWith('proj1', { schema: 'public', table: 'people', filters: [], sorts: [], impersonation: anon }));
  });
});
