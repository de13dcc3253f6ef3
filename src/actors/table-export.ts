// The effect of the table editor's 'Export' menu (issue 6): ask the platform for a signed CSV link, then let the
// browser download it. The server streams `COPY … TO STDOUT`; no row passes through the page.
import { requestTableExport } from '../api/table-editor-csv.ts';
import type { QueryImpersonation } from '../domain/impersonation.ts';
import type { RowFilter, RowSort } from '../domain/table-editor/types.ts';

export async function downloadTableCsv(
  ref: string,
  target: { schema: string; table: string; filters: RowFilter[]; sorts: RowSort[]; impersonation?: QueryImpersonation | undefined },
): Promise<void> {
  const { impersonation, ...request } = target;
  // The role goes into the signed link (spec B2.7): the download reads exactly what the grid shows this role.
  const { url } = await requestTableExport(ref, { ...request, ...(impersonation ? { impersonation } : {}) });
  // The response is an attachment: following the link downloads it and leaves the page where it is.
  const link = document.createElement('a');
  link.href = url;
  link.download = `${target.table}.csv`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
