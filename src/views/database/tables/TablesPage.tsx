// /project/{ref}/database/tables (spec A2.6, issue 19): the schema's tables with their rows estimate, size, column
// count and RLS state; a table's columns open in a dialog. Creating, editing and deleting tables are the Table
// Editor's flows (spec B2.1): this page links there instead of repeating them.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { tablesRead } from '../../../actors/database.ts';
import type { Project } from '../../../api/types.ts';
import { canWriteDatabase, searchRows } from '../../../domain/database/catalog.ts';
import { formatCount, type DatabaseTable as TableRow } from '../../../domain/database/tables.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { useProjectRole } from '../../shared/useProjectRole.ts';
import { useTaskRead } from '../../shared/useTask.ts';
import { DatabaseListPage, DatabasePage, DatabaseTable } from '../shared/DatabaseListPage.tsx';
import { TableColumnsDialog } from './TableColumnsDialog.tsx';

export function TablesPage({ project, schema, onSchemaChange }: { project: Project; schema: string; onSchemaChange: (schema: string) => void }) {
  return (
    <DatabasePage project={project}>
      <Tables project={project} schema={schema} onSchemaChange={onSchemaChange} />
    </DatabasePage>
  );
}

function Tables({ project, schema, onSchemaChange }: { project: Project; schema: string; onSchemaChange: (schema: string) => void }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<TableRow | null>(null);
  const read = useTaskRead(tablesRead, { ref: project.ref, schema }, schema);
  const canWrite = canWriteDatabase(useProjectRole(project));
  const rows = searchRows(read.data?.rows ?? [], search, (t) => [t.name, t.comment]);
  const openEditor = (table?: TableRow) =>
    void (table
      ? navigate({ to: '/project/$ref/editor/$tableId', params: { ref: project.ref, tableId: String(table.id) } })
      : navigate({ to: '/project/$ref/editor', params: { ref: project.ref }, search: { schema } }));
  return (
    <DatabaseListPage
      title="Tables"
      description="The tables of a schema with their size and Row Level Security. Create, edit and delete tables in the Table Editor."
      actions={canWrite ? <Button variant="primary" size="tiny" onPress={() => openEditor()}>Create a new table</Button> : null}
      schema={{ value: schema, options: read.data?.schemas ?? [schema], onChange: onSchemaChange }}
      search={{ value: search, onChange: setSearch, label: 'Search for a table' }}
      read={read}
      errorSubject="Failed to retrieve tables"
      isEmpty={rows.length === 0}
      empty={
        search.trim() === ''
          ? { title: 'No tables created yet', description: `There are no tables in the schema ${schema}.` }
          : { title: 'No results found', description: `No table in ${schema} matches "${search.trim()}".` }
      }
      overlays={open ? <TableColumnsDialog projectRef={project.ref} table={open} onClose={() => setOpen(null)} onOpenEditor={() => openEditor(open)} /> : null}
    >
      <DatabaseTable
        label={`Tables in ${schema}`}
        rows={rows}
        rowKey={(t) => String(t.id)}
        columns={[
          { header: 'Name', cell: (t) => t.name, mono: true },
          { header: 'Description', cell: (t) => t.comment ?? '' },
          { header: 'Rows (estimated)', cell: (t) => formatCount(t.rows_estimate) },
          { header: 'Size', cell: (t) => t.size },
          { header: 'Columns', cell: (t) => t.columns },
          { header: 'RLS', cell: (t) => (t.rls_enabled ? <Badge variant="brand">RLS enabled</Badge> : <Badge variant="warning">RLS disabled</Badge>) },
        ]}
        rowActions={(t) => (
          <>
            <Button variant="default" size="tiny" onPress={() => setOpen(t)} aria-label={`View columns of ${t.name}`}>Columns</Button>
            <Button variant="default" size="tiny" onPress={() => openEditor(t)} aria-label={`Open ${t.name} in the Table Editor`}>Open</Button>
          </>
        )}
      />
    </DatabaseListPage>
  );
}
