// The grid toolbar's 'Export' menu (issues 6 and 14): the whole table, or only the rows the filters select, as CSV,
// JSON or SQL inserts — streamed by the server through a short-lived signed link.
import { tableExportTask } from '../../../actors/table-export.ts';
import type { QueryImpersonation } from '../../../domain/impersonation.ts';
import { EXPORT_FILE_TYPES, EXPORT_FORMATS, type ExportFormat } from '../../../domain/table-editor/export-formats.ts';
import type { RowFilter, RowSort, TableMeta } from '../../../domain/table-editor/types.ts';
import { Button } from '../../../ui/Button.tsx';
import { Menu, MenuItem, MenuTrigger } from '../../../ui/Menu.tsx';
import { toast } from '../../../ui/toast.ts';
import { useTask } from '../../shared/useTask.ts';

export interface ExportButtonProps {
  projectRef: string;
  table: TableMeta;
  filters: RowFilter[];
  sorts: RowSort[];
  /** spec B2.7 (issue 14.3): the role the grid reads as, at the moment of the export; none for the member's own. */
  impersonation?: (() => QueryImpersonation | undefined) | undefined;
  /** spec B2.3 (issue 20): the read replica the grid reads, at the moment of the export; none for the primary. */
  database?: (() => string | undefined) | undefined;
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

export function ExportButton({ projectRef, table, filters, sorts, impersonation: currentRole, database }: ExportButtonProps) {
  // The download runs as a task (issue 15); its outcome is toasted once.
  const exportTask = useTask(tableExportTask, {
    onDone: (fileName) => toast.info(`Downloading ${fileName}`),
    onFailed: (message) => toast.error(`Could not export ${table.name}`, { description: message }),
  });
  const run = (scope: Scope, format: ExportFormat) =>
    exportTask.run({
      ref: projectRef,
      target: { schema: table.schema, table: table.name, filters: scope === 'filtered' ? filters : [], sorts, format, impersonation: currentRole?.(), database: database?.() },
    });
  const scopes: Scope[] = filters.length > 0 ? ['table', 'filtered'] : ['table'];
  return (
    <MenuTrigger>
      <Button size="small" isPending={exportTask.running}>Export</Button>
      <Menu
        aria-label="Export"
        onAction={(key) => {
          const item = parseKey(String(key));
          if (item) run(item.scope, item.format);
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
