// /project/{ref}/database/indexes (spec A2.6, issue 19): the schema's indexes with their table, method, columns, size
// and usage (scans since the statistics were reset); create one (table, columns, method, unique) and drop one — each
// showing its SQL before it runs. Indexes that back a constraint are dropped with the constraint, not here.
import { useState } from 'react';
import { indexesRead } from '../../../actors/database-admin.ts';
import type { Project } from '../../../api/types.ts';
import { canWriteDatabase, DEFAULT_DATABASE_SCHEMA } from '../../../domain/database/catalog.ts';
import {
  createIndexScript,
  dropIndexScript,
  emptyIndexDraft,
  filterIndexes,
  indexDropBlocked,
  INDEX_METHODS,
  type IndexDraft,
  type IndexMethod,
  type IndexRow,
  type IndexTable,
} from '../../../domain/database/indexes.ts';
import { formatBytes } from '../../../domain/format.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useProjectRole } from '../../shared/useProjectRole.ts';
import { useTaskRead } from '../../shared/useTask.ts';
import { DatabaseListPage, DatabasePage, DatabaseTable } from '../shared/DatabaseListPage.tsx';
import { buildScript, SqlDialog } from '../../shared/SqlDialog.tsx';
import * as css from '../shared/Database.css.ts';

export function IndexesPage({ project }: { project: Project }) {
  return (
    <DatabasePage project={project}>
      <Indexes project={project} />
    </DatabasePage>
  );
}

type Open = { kind: 'create' } | { kind: 'drop'; index: IndexRow } | null;

function Indexes({ project }: { project: Project }) {
  const [schema, setSchema] = useState(DEFAULT_DATABASE_SCHEMA);
  const [search, setSearch] = useState('');
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<Open>(null);
  const read = useTaskRead(indexesRead, { ref: project.ref, schema }, `${schema}\u0000${version}`);
  const canWrite = canWriteDatabase(useProjectRole(project));
  const refresh = () => setVersion((v) => v + 1);
  const rows = filterIndexes(read.data?.indexes ?? [], search);
  return (
    <DatabaseListPage
      title="Database Indexes"
      description="Indexes speed up reads on the columns they cover; each one costs disk space and time on every write."
      actions={canWrite ? <Button variant="primary" size="tiny" onPress={() => setOpen({ kind: 'create' })}>Create index</Button> : null}
      schema={{ value: schema, options: read.data?.schemas ?? [schema], onChange: setSchema }}
      search={{ value: search, onChange: setSearch, label: 'Search for an index' }}
      read={read}
      errorSubject="Failed to retrieve indexes"
      isEmpty={rows.length === 0}
      empty={
        search.trim() === ''
          ? { title: 'No indexes created yet', description: `There are no indexes in the schema ${schema}.` }
          : { title: 'No results found', description: `No index or table in ${schema} matches "${search.trim()}".` }
      }
      overlays={
        open?.kind === 'create' ? (
          <CreateIndexDialog projectRef={project.ref} schema={schema} tables={read.data?.tables ?? []} onClose={() => setOpen(null)} onDone={refresh} />
        ) : open?.kind === 'drop' ? (
          <SqlDialog
            projectRef={project.ref}
            title={`Delete index ${open.index.name}`}
            description={`The index is dropped from ${open.index.table}. Queries that used it read the table instead.`}
            script={dropIndexScript(open.index.schema, open.index.name)}
            confirmLabel="Delete index"
            destructive
            doneToast={`Index "${open.index.name}" deleted`}
            onClose={() => setOpen(null)}
            onDone={refresh}
          />
        ) : null
      }
    >
      <DatabaseTable
        label={`Indexes in ${schema}`}
        rows={rows}
        rowKey={(row) => row.name}
        columns={[
          { header: 'Table', cell: (row) => row.table, mono: true },
          { header: 'Name', cell: (row) => <span title={row.definition}>{row.name}</span>, mono: true },
          { header: 'Method', cell: (row) => row.method, mono: true },
          { header: 'Columns', cell: (row) => row.columns.join(', '), mono: true },
          {
            header: 'Kind',
            cell: (row) => (row.is_primary ? <Badge variant="brand">Primary key</Badge> : row.is_unique ? <Badge>Unique</Badge> : <span className={css.muted}>–</span>),
          },
          { header: 'Size', cell: (row) => formatBytes(row.size_bytes) },
          { header: 'Scans', cell: (row) => row.scans.toLocaleString('en-US') },
        ]}
        rowActions={(row) => {
          if (!canWrite) return null;
          const blocked = indexDropBlocked(row);
          return blocked ? (
            <span className={css.muted} title={blocked}>Constraint</span>
          ) : (
            <Button variant="default" size="tiny" aria-label={`Delete index ${row.name}`} onPress={() => setOpen({ kind: 'drop', index: row })}>Delete</Button>
          );
        }}
      />
    </DatabaseListPage>
  );
}

function CreateIndexDialog({ projectRef, schema, tables, onClose, onDone }: { projectRef: string; schema: string; tables: readonly IndexTable[]; onClose: () => void; onDone: () => void }) {
  const [draft, setDraft] = useState<IndexDraft>(emptyIndexDraft(schema));
  const set = <K extends keyof IndexDraft>(key: K, value: IndexDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const columns = tables.find((t) => t.name === draft.table)?.columns ?? [];
  const toggleColumn = (column: string, on: boolean) =>
    set('columns', on ? [...draft.columns.filter((c) => c !== column), column] : draft.columns.filter((c) => c !== column));
  return (
    <SqlDialog
      projectRef={projectRef}
      title="Create a new index"
      description={`In the schema ${schema}. Columns are indexed in the order you pick them.`}
      script={buildScript(() => createIndexScript(draft))}
      confirmLabel="Create index"
      doneToast="Index created"
      onClose={onClose}
      onDone={onDone}
      size="large"
    >
      <div className={css.row}>
        <Select
          className={css.grow}
          label="Table"
          options={tables.map((t) => ({ id: t.name, label: t.name }))}
          selectedKey={draft.table === '' ? null : draft.table}
          onSelectionChange={(key) => key !== null && setDraft((d) => ({ ...d, table: String(key), columns: [] }))}
        />
        <Select
          className={css.grow}
          label="Index type"
          options={INDEX_METHODS.map((m) => ({ id: m, label: m }))}
          selectedKey={draft.method}
          onSelectionChange={(key) => key !== null && set('method', key as IndexMethod)}
        />
      </div>
      {draft.table !== '' ? (
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>Columns</legend>
          <div className={css.checks}>
            {columns.map((column) => (
              <Switch key={column} isSelected={draft.columns.includes(column)} onChange={(on) => toggleColumn(column, on)}>{column}</Switch>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className={css.row}>
        <Switch isSelected={draft.unique} onChange={(on) => set('unique', on)}>Unique</Switch>
        <TextField className={css.grow} label="Name (optional)" value={draft.name} onChange={(v) => set('name', v)} description="Postgres names it after the table and columns when left empty." />
      </div>
    </SqlDialog>
  );
}
