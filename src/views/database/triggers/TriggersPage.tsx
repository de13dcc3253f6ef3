// /project/{ref}/database/triggers (spec A2.6, issue 19): the schema's triggers with their table, events, timing and
// function; create, enable/disable and delete, each showing its SQL before it runs.
import { useState } from 'react';
import { triggersRead } from '../../../actors/database.ts';
import type { Project } from '../../../api/types.ts';
import { canWriteDatabase, DEFAULT_DATABASE_SCHEMA, searchRows } from '../../../domain/database/catalog.ts';
import { deleteTriggerSql, emptyTriggerDraft, setTriggerEnabledSql, type DatabaseTrigger } from '../../../domain/database/triggers.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { useProjectRole } from '../../shared/useProjectRole.ts';
import { useTaskRead } from '../../shared/useTask.ts';
import { DatabaseListPage, DatabasePage, DatabaseTable } from '../shared/DatabaseListPage.tsx';
import { SqlDialog } from '../../shared/SqlDialog.tsx';
import { TriggerCreateDialog } from './TriggerCreateDialog.tsx';

export function TriggersPage({ project }: { project: Project }) {
  return (
    <DatabasePage project={project}>
      <Triggers project={project} />
    </DatabasePage>
  );
}

type Open = { kind: 'create' } | { kind: 'toggle'; trigger: DatabaseTrigger } | { kind: 'delete'; trigger: DatabaseTrigger } | null;

function Triggers({ project }: { project: Project }) {
  const [schema, setSchema] = useState(DEFAULT_DATABASE_SCHEMA);
  const [search, setSearch] = useState('');
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<Open>(null);
  const read = useTaskRead(triggersRead, { ref: project.ref, schema }, `${schema}\u0000${version}`);
  const canWrite = canWriteDatabase(useProjectRole(project));
  const refresh = () => setVersion((v) => v + 1);
  const data = read.data?.rows;
  const rows = searchRows(data?.triggers ?? [], search, (t) => [t.name, t.table, t.function_name, ...t.events]);
  const close = () => setOpen(null);
  return (
    <DatabaseListPage
      title="Database Triggers"
      description="Triggers run a function when rows of a table are inserted, updated or deleted."
      actions={canWrite ? <Button variant="primary" size="tiny" onPress={() => setOpen({ kind: 'create' })}>Create a new trigger</Button> : null}
      schema={{ value: schema, options: read.data?.schemas ?? [schema], onChange: setSchema }}
      search={{ value: search, onChange: setSearch, label: 'Search for a trigger' }}
      read={read}
      errorSubject="Failed to retrieve database triggers"
      isEmpty={rows.length === 0}
      empty={
        search.trim() === ''
          ? { title: 'No triggers created yet', description: `There are no triggers on the tables of ${schema}.` }
          : { title: 'No results found', description: `No trigger in ${schema} matches "${search.trim()}".` }
      }
      overlays={
        open?.kind === 'create' ? (
          <TriggerCreateDialog projectRef={project.ref} initial={emptyTriggerDraft(schema)} tables={data?.tables ?? []} functions={data?.functions ?? []} onClose={close} onDone={refresh} />
        ) : open?.kind === 'toggle' ? (
          <SqlDialog
            projectRef={project.ref}
            title={`${open.trigger.enabled ? 'Disable' : 'Enable'} trigger ${open.trigger.name}`}
            description={open.trigger.enabled ? 'The trigger stays defined but does not fire until it is enabled again.' : 'The trigger fires again on its events.'}
            script={setTriggerEnabledSql(open.trigger, !open.trigger.enabled)}
            confirmLabel={open.trigger.enabled ? 'Disable trigger' : 'Enable trigger'}
            doneToast={`Trigger "${open.trigger.name}" ${open.trigger.enabled ? 'disabled' : 'enabled'}`}
            onClose={close}
            onDone={refresh}
          />
        ) : open?.kind === 'delete' ? (
          <SqlDialog
            projectRef={project.ref}
            title={`Delete trigger ${open.trigger.name}`}
            description={`The trigger is dropped from ${open.trigger.table}; its function stays.`}
            script={deleteTriggerSql(open.trigger)}
            confirmLabel="Delete trigger"
            destructive
            doneToast={`Trigger "${open.trigger.name}" deleted`}
            onClose={close}
            onDone={refresh}
          />
        ) : null
      }
    >
      <DatabaseTable
        label={`Triggers in ${schema}`}
        rows={rows}
        rowKey={(t) => String(t.id)}
        columns={[
          { header: 'Name', cell: (t) => t.name, mono: true },
          { header: 'Table', cell: (t) => t.table, mono: true },
          { header: 'Function', cell: (t) => `${t.function_schema}.${t.function_name}`, mono: true },
          { header: 'Events', cell: (t) => `${t.timing} ${t.events.join(' OR ')}` },
          { header: 'Orientation', cell: (t) => (t.level === 'ROW' ? 'For each row' : 'For each statement') },
          { header: 'Enabled', cell: (t) => (t.enabled ? <Badge variant="brand">Enabled</Badge> : <Badge>Disabled</Badge>) },
        ]}
        rowActions={
          canWrite
            ? (t) => (
                <>
                  <Button variant="default" size="tiny" onPress={() => setOpen({ kind: 'toggle', trigger: t })} aria-label={`${t.enabled ? 'Disable' : 'Enable'} trigger ${t.name}`}>
                    {t.enabled ? 'Disable' : 'Enable'}
                  </Button>
                  <Button variant="danger" size="tiny" onPress={() => setOpen({ kind: 'delete', trigger: t })} aria-label={`Delete trigger ${t.name}`}>Delete</Button>
                </>
              )
            : undefined
        }
      />
    </DatabaseListPage>
  );
}
