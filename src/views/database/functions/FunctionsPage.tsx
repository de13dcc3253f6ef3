// /project/{ref}/database/functions (spec A2.6, issue 19): the schema's functions with their arguments, return type,
// language and security; create, edit and delete, each showing its SQL before it runs.
import { useState } from 'react';
import { functionsRead } from '../../../actors/database.ts';
import type { Project } from '../../../api/types.ts';
import { canWriteDatabase, DEFAULT_DATABASE_SCHEMA, searchRows } from '../../../domain/database/catalog.ts';
import { deleteFunctionSql, draftFromFunction, emptyFunctionDraft, type DatabaseFunction, type FunctionDraft } from '../../../domain/database/functions.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { useProjectRole } from '../../shared/useProjectRole.ts';
import { useTaskRead } from '../../shared/useTask.ts';
import { DatabaseListPage, DatabasePage, DatabaseTable } from '../shared/DatabaseListPage.tsx';
import { SqlDialog } from '../../shared/SqlDialog.tsx';
import { FunctionEditorDialog } from './FunctionEditorDialog.tsx';

export function FunctionsPage({ project }: { project: Project }) {
  return (
    <DatabasePage project={project}>
      <Functions project={project} />
    </DatabasePage>
  );
}

type Open = { kind: 'editor'; draft: FunctionDraft; original: DatabaseFunction | null } | { kind: 'delete'; fn: DatabaseFunction } | null;

function Functions({ project }: { project: Project }) {
  const [schema, setSchema] = useState(DEFAULT_DATABASE_SCHEMA);
  const [search, setSearch] = useState('');
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<Open>(null);
  const read = useTaskRead(functionsRead, { ref: project.ref, schema }, `${schema}\u0000${version}`);
  const canWrite = canWriteDatabase(useProjectRole(project));
  const refresh = () => setVersion((v) => v + 1);
  const rows = searchRows(read.data?.rows ?? [], search, (fn) => [fn.name, fn.arguments, fn.return_type, fn.language]);
  const schemas = read.data?.schemas ?? [schema];
  return (
    <DatabaseListPage
      title="Database Functions"
      description="Functions stored in your database, callable from SQL, triggers and the Data API."
      actions={canWrite ? <Button variant="primary" size="tiny" onPress={() => setOpen({ kind: 'editor', draft: emptyFunctionDraft(schema), original: null })}>Create a new function</Button> : null}
      schema={{ value: schema, options: schemas, onChange: setSchema }}
      search={{ value: search, onChange: setSearch, label: 'Search for a function' }}
      read={read}
      errorSubject="Failed to retrieve database functions"
      isEmpty={rows.length === 0}
      empty={
        search.trim() === ''
          ? { title: 'No functions created yet', description: `There are no functions in the schema ${schema}.` }
          : { title: 'No results found', description: `No function in ${schema} matches "${search.trim()}".` }
      }
      overlays={
        open?.kind === 'editor' ? (
          <FunctionEditorDialog projectRef={project.ref} initial={open.draft} original={open.original} schemas={schemas} onClose={() => setOpen(null)} onDone={refresh} />
        ) : open?.kind === 'delete' ? (
          <SqlDialog
            projectRef={project.ref}
            title={`Delete function ${open.fn.name}`}
            description="The function is dropped. Triggers or other objects that use it make this fail, and say which."
            script={deleteFunctionSql(open.fn)}
            confirmLabel="Delete function"
            destructive
            doneToast={`Function "${open.fn.name}" deleted`}
            onClose={() => setOpen(null)}
            onDone={refresh}
          />
        ) : null
      }
    >
      <DatabaseTable
        label={`Functions in ${schema}`}
        rows={rows}
        rowKey={(fn) => String(fn.id)}
        columns={[
          { header: 'Name', cell: (fn) => fn.name, mono: true },
          { header: 'Arguments', cell: (fn) => fn.arguments || '–', mono: true },
          { header: 'Return type', cell: (fn) => fn.return_type, mono: true },
          { header: 'Language', cell: (fn) => fn.language },
          { header: 'Security', cell: (fn) => (fn.security_definer ? <Badge variant="warning">Definer</Badge> : <Badge>Invoker</Badge>) },
        ]}
        rowActions={
          canWrite
            ? (fn) => (
                <>
                  <Button variant="default" size="tiny" onPress={() => setOpen({ kind: 'editor', draft: draftFromFunction(fn), original: fn })} aria-label={`Edit function ${fn.name}`}>Edit</Button>
                  <Button variant="danger" size="tiny" onPress={() => setOpen({ kind: 'delete', fn })} aria-label={`Delete function ${fn.name}`}>Delete</Button>
                </>
              )
            : undefined
        }
      />
    </DatabaseListPage>
  );
}
