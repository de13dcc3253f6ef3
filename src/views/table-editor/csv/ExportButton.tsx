// The grid toolbar's 'Export' menu (issue 6): the whole table, or only the rows the filters select, as CSV —
// streamed by the server from `COPY … TO STDOUT` through a short-lived signed link.
import { useState } from 'react';
import { downloadTableCsv } from '../../../actors/table-export.ts';
import type { QueryImpersonation } from '../../../domain/impersonation.ts';
import type { RowFilter, RowSort, TableMeta } from '../../../domain/table-editor/types.ts';
import { Button } from '../../../ui/Button.tsx';
import { Menu, MenuItem, MenuTrigger } from '../../../ui/Menu.tsx';
import { toast } from '../../../ui/toast.ts';

export interface ExportButtonProps {
  projectRef: string;
  table: TableMeta;
  filters: RowFilter[];
  sorts: RowSort[];
  /** spec B2.7 (issue 14.3): the role the grid reads as, at the moment of the export; none for the member's own. */
  impersonation?: (() => QueryImpersonation | undefined) | undefined;
}

export function ExportButton({ projectRef, table, filters, sorts, impersonation: currentRole }: ExportButtonProps) {
  const [pending, setPending] = useState(false);
  const run = async (filtered: boolean) => {
    setPending(true);
    try {
      const impersonation = currentRole?.();
      await downloadTableCsv(projectRef, { schema: table.schema, table: table.name, filters: filtered ? filters : [], sorts, impersonation });
      toast.info(`Downloading ${table.name}.csv`);
    } catch (error) {
      toast.error(`Could not export ${table.name}`, { description: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  };
  return (
    <MenuTrigger>
      <Button size="small" isPending={pending}>Export</Button>
      <Menu aria-label="Export" onAction={(key) => void run(key === 'filtered')}>
        <MenuItem id="table">Export table as CSV</MenuItem>
        {filters.length > 0 ? <MenuItem id="filtered">Export filtered rows as CSV</MenuItem> : null}
      </Menu>
    </MenuTrigger>
  );
}
