// /project/{ref}/database/column-privileges (spec A2.6 "Configuration: Column Privileges (ALPHA)", issue 19): pick a
// schema, a table and a role; a grid of the table's columns × select/insert/update/references shows what the role may
// do per column. A switch grants or revokes that one privilege on that one column, its SQL shown before it runs. A
// privilege granted on the whole table covers every column: it shows as on and locked (revoke it on the table).
import { useState } from 'react';
import { columnPrivilegesRead, privilegeChoicesRead } from '../../../actors/database-admin.ts';
import type { Project } from '../../../api/types.ts';
import { canWriteDatabase, DEFAULT_DATABASE_SCHEMA } from '../../../domain/database/catalog.ts';
import { cellState, columnGrantScript, COLUMN_PRIVILEGES, filterColumns, type ColumnGrant } from '../../../domain/database/column-privileges.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Select } from '../../../ui/Select.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { useProjectRole } from '../../shared/useProjectRole.ts';
import { useTaskRead } from '../../shared/useTask.ts';
import { DatabaseListPage, DatabasePage, DatabaseTable } from '../shared/DatabaseListPage.tsx';
import { SqlDialog } from '../../shared/SqlDialog.tsx';
import * as css from '../shared/Database.css.ts';

export function ColumnPrivilegesPage({ project }: { project: Project }) {
  return (
    <DatabasePage project={project}>
      <ColumnPrivileges project={project} />
    </DatabasePage>
  );
}

function ColumnPrivileges({ project }: { project: Project }) {
  const [schema, setSchema] = useState(DEFAULT_DATABASE_SCHEMA);
  const [table, setTable] = useState('');
  const [role, setRole] = useState('');
  const [search, setSearch] = useState('');
  const [version, setVersion] = useState(0);
  const [change, setChange] = useState<{ grant: ColumnGrant; on: boolean } | null>(null);
  const choices = useTaskRead(privilegeChoicesRead, { ref: project.ref, schema }, schema);
  const grid = useTaskRead(columnPrivilegesRead, { ref: project.ref, schema, table, role }, `${schema}\u0000${table}\u0000${role}\u0000${version}`);
  const canWrite = canWriteDatabase(useProjectRole(project));
  const rows = filterColumns(grid.data ?? [], search);
  const picked = table !== '' && role !== '';
  const read = { loading: choices.loading || (picked && grid.loading), error: choices.error ?? grid.error, retry: choices.error ? choices.retry : grid.retry };
  const changeSchema = (next: string) => {
    setSchema(next);
    setTable('');
  };
  return (
    <DatabaseListPage
      title="Column Privileges"
      description={
        <>
          <Badge variant="brand">ALPHA</Badge> Grant a role access to single columns of a table, for select, insert, update and references.
        </>
      }
      actions={
        <div className={css.row}>
          <Select aria-label="Table" label="Table" options={(choices.data?.tables ?? []).map((n) => ({ id: n, label: n }))} selectedKey={table === '' ? null : table} onSelectionChange={(key) => key !== null && setTable(String(key))} />
          <Select aria-label="Role" label="Role" options={(choices.data?.roles ?? []).map((n) => ({ id: n, label: n }))} selectedKey={role === '' ? null : role} onSelectionChange={(key) => key !== null && setRole(String(key))} />
        </div>
      }
      schema={{ value: schema, options: choices.data?.schemas ?? [schema], onChange: changeSchema }}
      search={{ value: search, onChange: setSearch, label: 'Search for a column' }}
      read={read}
      errorSubject="Failed to retrieve column privileges"
      isEmpty={!picked || rows.length === 0}
      empty={
        !picked
          ? { title: 'Pick a table and a role', description: 'Choose the table and the role whose column privileges you want to see.' }
          : search.trim() === ''
            ? { title: 'No columns', description: `The table ${table} has no columns.` }
            : { title: 'No results found', description: `No column of ${table} matches "${search.trim()}".` }
      }
      overlays={
        change ? (
          <SqlDialog
            projectRef={project.ref}
            title={`${change.on ? 'Grant' : 'Revoke'} ${change.grant.privilege} on ${change.grant.column}`}
            description={change.on ? `${change.grant.role} may ${change.grant.privilege.toLowerCase()} the column ${change.grant.column} of ${change.grant.table}.` : `${change.grant.role} no longer may ${change.grant.privilege.toLowerCase()} the column ${change.grant.column}.`}
            script={columnGrantScript(change.grant, change.on)}
            confirmLabel={change.on ? 'Grant' : 'Revoke'}
            destructive={!change.on}
            doneToast={`${change.on ? 'Granted' : 'Revoked'} ${change.grant.privilege} on ${change.grant.column} ${change.on ? 'to' : 'from'} ${change.grant.role}`}
            onClose={() => setChange(null)}
            onDone={() => setVersion((v) => v + 1)}
          />
        ) : null
      }
    >
      <DatabaseTable
        label={`Privileges of ${role} on the columns of ${table}`}
        rows={rows}
        rowKey={(row) => row.name}
        columns={[
          { header: 'Column', cell: (row) => row.name, mono: true },
          { header: 'Type', cell: (row) => row.type, mono: true },
          ...COLUMN_PRIVILEGES.map((privilege) => ({
            header: privilege,
            cell: (row: (typeof rows)[number]) => {
              const state = cellState(row, privilege);
              return (
                <span className={css.check} title={state === 'table' ? `Granted on the whole table ${table}` : undefined}>
                  <Switch
                    aria-label={`${privilege} on ${row.name}`}
                    isSelected={state !== 'none'}
                    isDisabled={!canWrite || state === 'table'}
                    onChange={(on) => setChange({ grant: { schema, table, role, column: row.name, privilege }, on })}
                  />
                  {state === 'table' ? <span className={css.muted}>table</span> : null}
                </span>
              );
            },
          })),
        ]}
      />
    </DatabaseListPage>
  );
}
