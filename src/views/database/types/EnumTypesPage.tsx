// /project/{ref}/database/types (spec A2.6, issue 19): the schema's enumerated types with their values; create a type,
// add a value, rename a value, delete a type, each showing its SQL before it runs.
import { useState } from 'react';
import { enumsRead } from '../../../actors/database.ts';
import type { Project } from '../../../api/types.ts';
import { canWriteDatabase, DEFAULT_DATABASE_SCHEMA, searchRows } from '../../../domain/database/catalog.ts';
import { deleteEnumSql, type EnumType } from '../../../domain/database/enums.ts';
import { Button } from '../../../ui/Button.tsx';
import { useProjectRole } from '../../shared/useProjectRole.ts';
import { useTaskRead } from '../../shared/useTask.ts';
import { DatabaseListPage, DatabasePage, DatabaseTable } from '../shared/DatabaseListPage.tsx';
import { SqlDialog } from '../../shared/SqlDialog.tsx';
import { AddEnumValueDialog, CreateEnumDialog, RenameEnumValueDialog } from './EnumDialogs.tsx';

export function EnumTypesPage({ project }: { project: Project }) {
  return (
    <DatabasePage project={project}>
      <EnumTypes project={project} />
    </DatabasePage>
  );
}

type Open = { kind: 'create' } | { kind: 'add' | 'rename' | 'delete'; type: EnumType } | null;

function EnumTypes({ project }: { project: Project }) {
  const [schema, setSchema] = useState(DEFAULT_DATABASE_SCHEMA);
  const [search, setSearch] = useState('');
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<Open>(null);
  const read = useTaskRead(enumsRead, { ref: project.ref, schema }, `${schema}\u0000${version}`);
  const canWrite = canWriteDatabase(useProjectRole(project));
  const refresh = () => setVersion((v) => v + 1);
  const close = () => setOpen(null);
  const rows = searchRows(read.data?.rows ?? [], search, (t) => [t.name, ...t.values]);
  const common = { projectRef: project.ref, onClose: close, onDone: refresh };
  return (
    <DatabaseListPage
      title="Enumerated Types"
      description="Custom data types with a fixed, ordered set of values, usable as column types."
      actions={canWrite ? <Button variant="primary" size="tiny" onPress={() => setOpen({ kind: 'create' })}>Create type</Button> : null}
      schema={{ value: schema, options: read.data?.schemas ?? [schema], onChange: setSchema }}
      search={{ value: search, onChange: setSearch, label: 'Search for a type' }}
      read={read}
      errorSubject="Failed to retrieve enumerated types"
      isEmpty={rows.length === 0}
      empty={
        search.trim() === ''
          ? { title: 'No enumerated types created yet', description: `There are no enumerated types in the schema ${schema}.` }
          : { title: 'No results found', description: `No type in ${schema} matches "${search.trim()}".` }
      }
      overlays={
        open?.kind === 'create' ? (
          <CreateEnumDialog {...common} schema={schema} />
        ) : open?.kind === 'add' ? (
          <AddEnumValueDialog {...common} type={open.type} />
        ) : open?.kind === 'rename' ? (
          <RenameEnumValueDialog {...common} type={open.type} />
        ) : open?.kind === 'delete' ? (
          <SqlDialog
            {...common}
            title={`Delete type ${open.type.name}`}
            description="The type is dropped. Columns of this type make this fail, and Postgres says which."
            script={deleteEnumSql(open.type)}
            confirmLabel="Delete type"
            destructive
            doneToast={`Type "${open.type.name}" deleted`}
          />
        ) : null
      }
    >
      <DatabaseTable
        label={`Enumerated types in ${schema}`}
        rows={rows}
        rowKey={(t) => String(t.id)}
        columns={[
          { header: 'Name', cell: (t) => t.name, mono: true },
          { header: 'Values', cell: (t) => t.values.join(', '), mono: true },
        ]}
        rowActions={
          canWrite
            ? (t) => (
                <>
                  <Button variant="default" size="tiny" onPress={() => setOpen({ kind: 'add', type: t })} aria-label={`Add a value to ${t.name}`}>Add value</Button>
                  <Button variant="default" size="tiny" onPress={() => setOpen({ kind: 'rename', type: t })} aria-label={`Rename a value of ${t.name}`}>Rename value</Button>
                  <Button variant="danger" size="tiny" onPress={() => setOpen({ kind: 'delete', type: t })} aria-label={`Delete type ${t.name}`}>Delete</Button>
                </>
              )
            : undefined
        }
      />
    </DatabaseListPage>
  );
}
