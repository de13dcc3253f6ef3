// The grid toolbar's 'Export' menu (issues 6 and 14): the whole table, or only the rows the filters select, as CSV,
// JSON or SQL inserts — streamed by the server through a short-lived signed link.
import { useState } from 'react';
import { downloadTableExport } from '../../../actors/table-export.ts';
import type { QueryImpersonation } from '../../../domain/impersonation.ts';
import { EXPORT_FILE_TYPES, EXPORT_FORMATS, exportFileName, type ExportFormat } from '../../../domain/table-editor/export-formats.ts';
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

type Scope = 'table' | 'filtered';

/** Menu keys: `table:csv`, `filtered:json`, … */
const itemKey = (scope: Scope, format: ExportFormat) => `${scope}:${format}`;

function parseKey(key: string): { scope: Scope; format: ExportFormat } | null {
  const [scope, format] = key.split(':');
  if (scope !== 'table' && scope !== 'filtered') return null;
  const known = EXPORT_FORMATS.find((candidate) => candidate === format);
  return known ? { scope, format: known } : null;
}

export function ExportButton({ projectRef, table, filters, sorts, impersonation: currentRole }: ExportButtonProps) {
  const [pending, setPending] = useState(false);
  const run = async (scope: Scope, format: ExportFormat) => {
    setPending(true);
    try {
      const impersonation = currentRole?.();
      await downloadTableExport(projectRef, {
        schema: table.schema,
        table: table.name,
        filters: scope === 'filtered' ? filters : [],
        sorts,
        format,
        impersonation,
      });
      toast.info(`Downloading ${exportFileName(table.name, format)}`);
    } catch (error) {
      toast.error(`Could not export ${table.name}`, { description: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  };
  const scopes: Scope[] = filters.length > 0 ? ['table', 'filtered'] : ['table'];
  return (
    <MenuTrigger>
      <Button size="small" isPending={pending}>Export</Button>
      <Menu
        aria-label="Export"
        onAction={(key) => {
          const item = parseKey(String(key));
          if (item) void run(item.scope, item.format);
        }}
      >
        {scopes.flatMap((scope) =>
          EXPORT_FORMATS.map((format) => (
            <MenuItem key={itemKey(scope, format)} id={itemKey(scope, format)}>
              {`${scope === 'table' ? 'Export table' : 'Export filtered rows'} as ${EXPORT_FILE_TYPES[format].label}`}
            </MenuItem>
          )),
        )}
      </Menu>
    </MenuTrigger>
  );
}
