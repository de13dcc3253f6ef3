// The effects of the table editor's 'Export' menu (issue 6) and of copying rows as CSV / JSON / SQL (issue 14): ask
// the platform for a signed link to the file, then let the browser download it, or read it as text for the
// clipboard. The server streams the file from Postgres; no row passes through the page on a download.
import { taskWith } from '../../machines/task.machine.ts';
import { requestTableExport } from '../api/table-editor-csv.ts';
import type { QueryImpersonation } from '../domain/impersonation.ts';
import { exportFileName, type ExportFormat } from '../domain/table-editor/export-formats.ts';
import type { RowKey } from '../domain/table-editor/sql.ts';
import type { RowFilter, RowSort } from '../domain/table-editor/types.ts';

export interface TableExportTarget {
  schema: string;
  table: string;
  filters: RowFilter[];
  sorts: RowSort[];
  /** 'csv' when absent. */
  format?: ExportFormat | undefined;
  /** Only the rows with these keys (the grid's selected rows), at most 10,000; absent: every row the filters select. */
  keys?: readonly RowKey[] | undefined;
  /** spec B2.7: the role the grid reads as; none for the member's own. */
  impersonation?: QueryImpersonation | undefined;
  /** spec B2.3: the read replica the grid reads; none for the primary. */
  database?: string | undefined;
}

/** The most text copied to the clipboard; past it the rows are to be exported as a file. */
export const COPY_TEXT_MAX_BYTES = 10 * 1024 * 1024;
export const COPY_TOO_LARGE_MESSAGE = 'Too many rows to copy: export them instead';

/**
 * Links longer than this (a selection of many keys) are sent as a form to the same address: the platform, like any
 * Node server, refuses a request head past 16 KB.
 */
const LINK_MAX_CHARS = 8 * 1024;

async function exportLink(ref: string, target: TableExportTarget): Promise<URL> {
  const { impersonation, format, keys, database, ...request } = target;
  // A CSV request names no format (the platform's default): the same link as before issue 14. The role goes into
  // the signed link (spec B2.7): the file holds exactly what the grid shows this role.
  const { url } = await requestTableExport(ref, {
    ...request,
    ...(format && format !== 'csv' ? { format } : {}),
    ...(keys ? { keys: [...keys] } : {}),
    ...(impersonation ? { impersonation } : {}),
    ...(database ? { database } : {}),
  });
  return new URL(url);
}

/** The link's request and token as a form body, for a link too long to follow. */
const linkForm = (link: URL) => ({ q: link.searchParams.get('q') ?? '', token: link.searchParams.get('token') ?? '' });

/** Downloads the table (its filtered rows, or the rows with the given keys) as `{table}.{csv|json|sql}`. */
export async function downloadTableExport(ref: string, target: TableExportTarget): Promise<void> {
  const link = await exportLink(ref, target);
  const name = exportFileName(target.table, target.format ?? 'csv');
  // The response is an attachment: following the link (or posting the form) downloads it and leaves the page.
  if (link.href.length <= LINK_MAX_CHARS) {
    const anchor = document.createElement('a');
    anchor.href = link.href;
    anchor.download = name;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    return;
  }
  const form = document.createElement('form');
  form.method = 'post';
  form.action = `${link.origin}${link.pathname}`;
  form.hidden = true;
  for (const [field, value] of Object.entries(linkForm(link))) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = field;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}

export interface TableExportRequest {
  ref: string;
  target: TableExportTarget;
}
/** The Export menu's download as a task (issue 15: one way to run an effect from a view); done with the file's name. */
export const tableExportTask = taskWith(async ({ ref, target }: TableExportRequest): Promise<string> => {
  await downloadTableExport(ref, target);
  return exportFileName(target.table, target.format ?? 'csv');
});

/** The CSV download of issue 6, kept for its callers. */
export const downloadTableCsv = (ref: string, target: Omit<TableExportTarget, 'format'>): Promise<void> =>
  downloadTableExport(ref, { ...target, format: 'csv' });

async function failure(response: Response): Promise<Error> {
  let message = `${response.status} ${response.statusText}`.trim();
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message !== '') message = body.message;
  } catch {
    // Not JSON: the status says it.
  }
  return new Error(message);
}

/**
 * The table's rows (its filtered rows, or the rows with the given keys) as the text of a CSV, JSON or SQL export,
 * for the clipboard. Read from the console's own origin, like the API. Rejects with COPY_TOO_LARGE_MESSAGE past
 * `maxBytes` (10 MB) and stops reading there.
 */
export async function fetchTableExportText(
  ref: string,
  target: TableExportTarget,
  options: { signal?: AbortSignal | undefined; maxBytes?: number | undefined } = {},
): Promise<string> {
  const maxBytes = options.maxBytes ?? COPY_TEXT_MAX_BYTES;
  const link = await exportLink(ref, target);
  const address = new URL(link.pathname, location.origin);
  const init: RequestInit = { cache: 'no-store', ...(options.signal ? { signal: options.signal } : {}) };
  let response: Response;
  if (link.href.length <= LINK_MAX_CHARS) {
    address.search = link.search;
    response = await fetch(address, init);
  } else {
    response = await fetch(address, { ...init, method: 'POST', body: new URLSearchParams(linkForm(link)) });
  }
  if (!response.ok) throw await failure(response);
  const tooLarge = () => new Error(COPY_TOO_LARGE_MESSAGE);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      // Stops the export on the server too: its connection is closed when the response is cancelled.
      await reader.cancel();
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
