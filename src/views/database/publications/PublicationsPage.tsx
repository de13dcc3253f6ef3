// /project/{ref}/database/publications (spec A2.6, issue 19): the database's publications (supabase_realtime when it
// exists, and any other) with the operations they publish and their tables; toggle an operation, switch between all
// tables and chosen ones, add or remove a table; create and delete a publication. Each change shows its SQL first.
import { useState } from 'react';
import { publicationsRead, publicationTablesRead } from '../../../actors/database-admin.ts';
import type { Project } from '../../../api/types.ts';
import { canWriteDatabase, DEFAULT_DATABASE_SCHEMA } from '../../../domain/database/catalog.ts';
import {
  createPublicationScript,
  dropPublicationScript,
  filterPublications,
  PUBLICATION_OPERATIONS,
  setAllTablesScript,
  setOperationScript,
  setTableScript,
  type PublicationDraft,
  type PublicationOperation,
  type PublicationRow,
} from '../../../domain/database/publications.ts';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import { SkeletonLines } from '../../../ui/Skeleton.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { useProjectRole } from '../../shared/useProjectRole.ts';
import { useTaskRead } from '../../shared/useTask.ts';
import { DatabaseListPage, DatabasePage, DatabaseTable } from '../shared/DatabaseListPage.tsx';
import { buildScript, SqlDialog, type BuiltScript } from '../../shared/SqlDialog.tsx';
import * as css from '../shared/Database.css.ts';

export function PublicationsPage({ project }: { project: Project }) {
  return (
    <DatabasePage project={project}>
      <Publications project={project} />
    </DatabasePage>
  );
}

interface Change {
  title: string;
  description: string;
  script: BuiltScript;
  confirmLabel: string;
  destructive?: boolean;
  done: string;
}

function Publications({ project }: { project: Project }) {
  const [search, setSearch] = useState('');
  const [version, setVersion] = useState(0);
  const [change, setChange] = useState<Change | null>(null);
  const [creating, setCreating] = useState(false);
  const [tablesOf, setTablesOf] = useState<string | null>(null);
  const read = useTaskRead(publicationsRead, { ref: project.ref }, String(version));
  const canWrite = canWriteDatabase(useProjectRole(project));
  const refresh = () => setVersion((v) => v + 1);
  const all = read.data?.publications ?? [];
  const rows = filterPublications(all, search);
  const selected = all.find((p) => p.name === tablesOf) ?? null;

  const toggleOperation = (publication: PublicationRow, operation: PublicationOperation, on: boolean) =>
    setChange({
      title: `${on ? 'Publish' : 'Stop publishing'} ${operation} in ${publication.name}`,
      description: on ? `Subscribers receive every ${operation} on the publication's tables.` : `Subscribers no longer receive ${operation}s.`,
      script: setOperationScript(publication, operation, on),
      confirmLabel: 'Save',
      done: `Publication "${publication.name}" updated`,
    });

  return (
    <DatabaseListPage
      title="Database Publications"
      description="Publications choose which tables' changes are streamed to subscribers, such as Realtime and logical replicas."
      actions={canWrite ? <Button variant="primary" size="tiny" onPress={() => setCreating(true)}>Create publication</Button> : null}
      search={{ value: search, onChange: setSearch, label: 'Search for a publication' }}
      read={read}
      errorSubject="Failed to retrieve publications"
      isEmpty={rows.length === 0}
      empty={
        search.trim() === ''
          ? { title: 'No publications', description: 'This database has no publications yet.' }
          : { title: 'No results found', description: `No publication matches "${search.trim()}".` }
      }
      overlays={
        <>
          {change ? (
            <SqlDialog
              projectRef={project.ref}
              title={change.title}
              description={change.description}
              script={change.script}
              confirmLabel={change.confirmLabel}
              destructive={change.destructive}
              doneToast={change.done}
              onClose={() => setChange(null)}
              onDone={refresh}
            />
          ) : null}
          {creating ? <CreatePublicationDialog projectRef={project.ref} onClose={() => setCreating(false)} onDone={refresh} /> : null}
        </>
      }
    >
      <DatabaseTable
        label="Publications"
        rows={rows}
        rowKey={(row) => row.name}
        columns={[
          { header: 'Name', cell: (row) => row.name, mono: true },
          ...PUBLICATION_OPERATIONS.map((operation) => ({
            header: operation[0]!.toUpperCase() + operation.slice(1),
            cell: (row: PublicationRow) => (
              <Switch aria-label={`${operation} in ${row.name}`} isSelected={row[operation]} isDisabled={!canWrite} onChange={(on) => toggleOperation(row, operation, on)} />
            ),
          })),
          {
            header: 'Source',
            cell: (row) => (
              <Button variant="default" size="tiny" aria-label={`Tables of ${row.name}`} onPress={() => setTablesOf(row.name)}>
                {row.all_tables ? 'All tables' : `${row.tables.length} ${row.tables.length === 1 ? 'table' : 'tables'}`}
              </Button>
            ),
          },
        ]}
        rowActions={(row) =>
          canWrite ? (
            <Button
              variant="default"
              size="tiny"
              aria-label={`Delete publication ${row.name}`}
              onPress={() =>
                setChange({
                  title: `Delete publication ${row.name}`,
                  description: 'Subscribers of this publication stop receiving changes.',
                  script: dropPublicationScript(row.name),
                  confirmLabel: 'Delete publication',
                  destructive: true,
                  done: `Publication "${row.name}" deleted`,
                })
              }
            >
              Delete
            </Button>
          ) : null
        }
      />
      {selected ? <PublicationTables projectRef={project.ref} publication={selected} canWrite={canWrite} onChange={setChange} onClose={() => setTablesOf(null)} /> : null}
    </DatabaseListPage>
  );
}

function PublicationTables({ projectRef, publication, canWrite, onChange, onClose }: { projectRef: string; publication: PublicationRow; canWrite: boolean; onChange: (change: Change) => void; onClose: () => void }) {
  const [schema, setSchema] = useState(DEFAULT_DATABASE_SCHEMA);
  const read = useTaskRead(publicationTablesRead, { ref: projectRef, schema }, schema);
  const inIt = (table: string) => publication.all_tables || publication.tables.some((t) => t.schema === schema && t.name === table);
  return (
    <section className={css.form} aria-label={`Tables of ${publication.name}`}>
      <div className={css.header}>
        <h2 className={css.label}>Tables of {publication.name}</h2>
        <Button variant="default" size="tiny" onPress={onClose}>Close</Button>
      </div>
      <Switch
        isSelected={publication.all_tables}
        isDisabled={!canWrite}
        onChange={(on) =>
          onChange({
            title: on ? `Publish all tables in ${publication.name}` : `Publish chosen tables in ${publication.name}`,
            description: on
              ? 'Every table, including tables created later, is published. Postgres cannot switch this in place: the publication is dropped and created again with the same operations.'
              : 'The publication is dropped and created again with no tables; add the ones to publish.',
            script: setAllTablesScript(publication, on),
            confirmLabel: 'Save',
            done: `Publication "${publication.name}" updated`,
          })
        }
      >
        All tables
      </Switch>
      <Select className={css.schema} label="Schema" options={(read.data?.schemas ?? [schema]).map((n) => ({ id: n, label: n }))} selectedKey={schema} onSelectionChange={(key) => key !== null && setSchema(String(key))} />
      {read.error ? (
        <ErrorAlert subject="Failed to retrieve tables" error={read.error}>
          <Button variant="default" size="tiny" onPress={read.retry}>Retry</Button>
        </ErrorAlert>
      ) : read.loading ? (
        <SkeletonLines lines={3} />
      ) : (read.data?.tables ?? []).length === 0 ? (
        <p className={css.muted}>There are no tables in the schema {schema}.</p>
      ) : (
        <DatabaseTable
          label={`Tables in ${schema} for ${publication.name}`}
          rows={read.data?.tables ?? []}
          rowKey={(t) => t}
          columns={[
            { header: 'Table', cell: (t) => t, mono: true },
            {
              header: 'Published',
              cell: (t) => (
                <Switch
                  aria-label={`Publish ${t}`}
                  isSelected={inIt(t)}
                  isDisabled={!canWrite || publication.all_tables}
                  onChange={(on) =>
                    onChange({
                      title: `${on ? 'Add' : 'Remove'} ${t} ${on ? 'to' : 'from'} ${publication.name}`,
                      description: on ? `Changes to ${t} are published.` : `Changes to ${t} are no longer published.`,
                      script: setTableScript(publication.name, schema, t, on),
                      confirmLabel: 'Save',
                      done: `Publication "${publication.name}" updated`,
                    })
                  }
                />
              ),
            },
          ]}
        />
      )}
    </section>
  );
}

function CreatePublicationDialog({ projectRef, onClose, onDone }: { projectRef: string; onClose: () => void; onDone: () => void }) {
  const [draft, setDraft] = useState<PublicationDraft>({ name: '', allTables: false, operations: [...PUBLICATION_OPERATIONS] });
  return (
    <SqlDialog
      projectRef={projectRef}
      title="Create a publication"
      script={buildScript(() => createPublicationScript(draft))}
      confirmLabel="Create publication"
      doneToast={`Publication "${draft.name.trim()}" created`}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField label="Name" value={draft.name} onChange={(name) => setDraft((d) => ({ ...d, name }))} />
      <div className={css.checks}>
        {PUBLICATION_OPERATIONS.map((op) => (
          <Switch
            key={op}
            isSelected={draft.operations.includes(op)}
            onChange={(on) => setDraft((d) => ({ ...d, operations: on ? [...d.operations, op] : d.operations.filter((o) => o !== op) }))}
          >
            {op}
          </Switch>
        ))}
      </div>
      <Switch isSelected={draft.allTables} onChange={(allTables) => setDraft((d) => ({ ...d, allTables }))}>All tables (needs a superuser)</Switch>
    </SqlDialog>
  );
}
