// /project/{ref}/database/extensions (spec A2.6, issue 19): every extension the server ships, enabled or not, with its
// installed version and schema; enable one into a schema (created when missing), disable one (its dependents listed
// first; CASCADE only when the member ticks it). Each write shows its SQL before it runs.
import { useState } from 'react';
import { extensionDependentsRead, extensionsRead } from '../../../actors/database-admin.ts';
import type { Project } from '../../../api/types.ts';
import { canWriteDatabase } from '../../../domain/database/catalog.ts';
import {
  DEFAULT_EXTENSION_SCHEMA,
  disableExtensionScript,
  enableExtensionScript,
  filterExtensions,
  type ExtensionFilter,
  type ExtensionRow,
} from '../../../domain/database/extensions.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Select } from '../../../ui/Select.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useProjectRole } from '../../shared/useProjectRole.ts';
import { useTaskRead } from '../../shared/useTask.ts';
import { DatabaseListPage, DatabasePage, DatabaseTable } from '../shared/DatabaseListPage.tsx';
import { buildScript, SqlDialog } from '../../shared/SqlDialog.tsx';
import * as css from '../shared/Database.css.ts';

export function ExtensionsPage({ project }: { project: Project }) {
  return (
    <DatabasePage project={project}>
      <Extensions project={project} />
    </DatabasePage>
  );
}

type Open = { kind: 'enable' | 'disable'; extension: ExtensionRow } | null;

const FILTERS: { id: ExtensionFilter; label: string }[] = [
  { id: 'all', label: 'All extensions' },
  { id: 'enabled', label: 'Enabled' },
  { id: 'disabled', label: 'Disabled' },
];

function Extensions({ project }: { project: Project }) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ExtensionFilter>('all');
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<Open>(null);
  const read = useTaskRead(extensionsRead, { ref: project.ref }, String(version));
  const canWrite = canWriteDatabase(useProjectRole(project));
  const refresh = () => setVersion((v) => v + 1);
  const rows = filterExtensions(read.data?.extensions ?? [], search, filter);
  return (
    <DatabaseListPage
      title="Database Extensions"
      description="Extensions the database server ships: enable one to add its types, functions and operators to a schema."
      actions={<Select aria-label="Show" options={FILTERS} selectedKey={filter} onSelectionChange={(key) => key !== null && setFilter(key as ExtensionFilter)} />}
      search={{ value: search, onChange: setSearch, label: 'Search for an extension' }}
      read={read}
      errorSubject="Failed to retrieve database extensions"
      isEmpty={rows.length === 0}
      empty={
        search.trim() === '' && filter === 'all'
          ? { title: 'No extensions available', description: 'The database server ships no extensions.' }
          : { title: 'No results found', description: `No ${filter === 'all' ? '' : `${filter} `}extension matches "${search.trim()}".` }
      }
      overlays={
        open?.kind === 'enable' ? (
          <EnableDialog projectRef={project.ref} extension={open.extension} schemas={read.data?.schemas ?? []} onClose={() => setOpen(null)} onDone={refresh} />
        ) : open?.kind === 'disable' ? (
          <DisableDialog projectRef={project.ref} extension={open.extension} onClose={() => setOpen(null)} onDone={refresh} />
        ) : null
      }
    >
      <DatabaseTable
        label="Extensions"
        rows={rows}
        rowKey={(row) => row.name}
        columns={[
          { header: 'Name', cell: (row) => row.name, mono: true },
          { header: 'Description', cell: (row) => row.comment ?? '–' },
          { header: 'Version', cell: (row) => row.installed_version ?? row.default_version ?? '–', mono: true },
          { header: 'Schema', cell: (row) => row.schema ?? '–', mono: true },
          { header: 'Status', cell: (row) => (row.installed_version ? <Badge variant="brand">Enabled</Badge> : <Badge>Disabled</Badge>) },
        ]}
        rowActions={(row) =>
          canWrite ? (
            <Switch
              aria-label={`${row.installed_version ? 'Disable' : 'Enable'} ${row.name}`}
              isSelected={row.installed_version !== null}
              onChange={() => setOpen({ kind: row.installed_version ? 'disable' : 'enable', extension: row })}
            />
          ) : null
        }
      />
    </DatabaseListPage>
  );
}

function EnableDialog({ projectRef, extension, schemas, onClose, onDone }: { projectRef: string; extension: ExtensionRow; schemas: readonly string[]; onClose: () => void; onDone: () => void }) {
  const [schema, setSchema] = useState(DEFAULT_EXTENSION_SCHEMA);
  const exists = schemas.includes(schema.trim());
  return (
    <SqlDialog
      projectRef={projectRef}
      title={`Enable ${extension.name}`}
      description={extension.comment ?? undefined}
      script={buildScript(() => enableExtensionScript({ name: extension.name, schema, version: '' }))}
      confirmLabel="Enable extension"
      doneToast={`Extension "${extension.name}" is now enabled`}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField
        label="Schema"
        value={schema}
        onChange={setSchema}
        description={schema.trim() === '' ? undefined : exists ? `The extension's objects go into the existing schema ${schema.trim()}.` : `The schema ${schema.trim()} does not exist yet: it is created first.`}
      />
      {schemas.length > 0 ? (
        <Select label="Or pick an existing schema" options={schemas.map((name) => ({ id: name, label: name }))} selectedKey={exists ? schema.trim() : null} onSelectionChange={(key) => key !== null && setSchema(String(key))} />
      ) : null}
    </SqlDialog>
  );
}

function DisableDialog({ projectRef, extension, onClose, onDone }: { projectRef: string; extension: ExtensionRow; onClose: () => void; onDone: () => void }) {
  const [cascade, setCascade] = useState(false);
  const dependents = useTaskRead(extensionDependentsRead, { ref: projectRef, name: extension.name }, extension.name);
  const found = dependents.data ?? [];
  return (
    <SqlDialog
      projectRef={projectRef}
      title={`Disable ${extension.name}`}
      description="The extension's types, functions and operators are removed from the database."
      script={dependents.data === null ? { problem: dependents.error ?? 'Looking for objects that depend on it…' } : disableExtensionScript(extension.name, cascade)}
      confirmLabel="Disable extension"
      destructive
      doneToast={`Extension "${extension.name}" is now disabled`}
      onClose={onClose}
      onDone={onDone}
    >
      {dependents.data !== null && found.length === 0 ? <p className={css.hint}>Nothing outside the extension depends on it.</p> : null}
      {found.length > 0 ? (
        <div className={css.form}>
          <p className={css.alert} role="alert">These objects depend on {extension.name}. Disabling it fails unless they go too:</p>
          <ul className={css.mono} aria-label="Dependent objects">
            {found.map((object) => (
              <li key={object}>{object}</li>
            ))}
          </ul>
          <Switch isSelected={cascade} onChange={setCascade}>Also drop these objects (CASCADE) — their data is lost</Switch>
        </div>
      ) : null}
    </SqlDialog>
  );
}
