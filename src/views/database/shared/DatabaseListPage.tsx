// The frame every Database list page uses (spec A2.6, issue 19). Small API, documented here for the pages built on it:
//
//   <DatabasePage project={project}>…</DatabasePage>
//       Shows the paused-project card instead of the children when the project is paused (as other project pages do).
//
//   <DatabaseListPage
//     title="Functions" description="…"              // the page heading and one line under it
//     actions={<Button …>Create a new function</Button>}   // optional, right of the title
//     schema={{ value, options, onChange }}          // optional schema selector (options: schema names)
//     search={{ value, onChange, label? }}           // the search box (label defaults to 'Search')
//     read={{ loading, error, retry }}               // from useTaskRead: skeleton, error with 'Retry', or the list
//     errorSubject="Failed to retrieve functions"
//     empty={{ title, description }} isEmpty={rows.length === 0}
//   >
//     <DatabaseTable label="Functions in public" rows={rows} rowKey={(r) => r.id} columns={[…]} rowActions={(r) => …} />
//   </DatabaseListPage>
//
// Writes go through <SqlDialog> (./SqlDialog.tsx): the SQL is shown, then run as a task with a toast.
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { selectStatus } from '../../../../machines/project-status.selectors.ts';
import type { Project } from '../../../api/types.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { Select } from '../../../ui/Select.tsx';
import { SkeletonLines } from '../../../ui/Skeleton.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { ProjectPausedCard } from '../../shared/ProjectPausedCard.tsx';
import { useProjectStatusActor } from '../../shared/ProjectStatusContext.tsx';
import { visuallyHidden } from '../../../ui/a11y.css.ts';
import * as css from './Database.css.ts';

/** The paused card for a paused project, else the page. */
export function DatabasePage({ project, children }: { project: Project; children: ReactNode }) {
  const status = useSelector(useProjectStatusActor(), selectStatus) ?? project.status;
  if (status === 'INACTIVE') return <ProjectPausedCard project={project} />;
  return <>{children}</>;
}

export interface ListRead {
  loading: boolean;
  error: string | null;
  retry: () => void;
}

export interface DatabaseListPageProps {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  schema?: { value: string; options: readonly string[]; onChange: (schema: string) => void };
  search: { value: string; onChange: (value: string) => void; label?: string };
  read: ListRead;
  errorSubject: string;
  isEmpty: boolean;
  empty: { title: string; description?: ReactNode; action?: ReactNode };
  children: ReactNode;
  /** Extra content below the list (dialogs, side panels). */
  overlays?: ReactNode;
}

export function DatabaseListPage(props: DatabaseListPageProps) {
  const { title, description, actions, schema, search, read, errorSubject, isEmpty, empty, children, overlays } = props;
  const schemaOptions = (schema ? (schema.options.includes(schema.value) ? schema.options : [schema.value, ...schema.options]) : []).map((name) => ({ id: name, label: name }));
  return (
    <div className={css.page}>
      <header className={css.header}>
        <div>
          <h1 className={css.title}>{title}</h1>
          <p className={css.subtitle}>{description}</p>
        </div>
        {actions ? <div className={css.headerActions}>{actions}</div> : null}
      </header>
      <div className={css.toolbar}>
        {schema ? (
          <Select
            className={css.schema}
            label="Schema"
            options={schemaOptions}
            selectedKey={schema.value}
            onSelectionChange={(key) => key !== null && schema.onChange(String(key))}
          />
        ) : null}
        <TextField className={css.search} label={search.label ?? 'Search'} type="search" value={search.value} onChange={search.onChange} />
      </div>
      {read.error ? (
        <ErrorAlert subject={errorSubject} error={read.error}>
          <Button variant="default" size="tiny" onPress={read.retry}>Retry</Button>
        </ErrorAlert>
      ) : read.loading ? (
        <SkeletonLines lines={4} />
      ) : isEmpty ? (
        <EmptyState title={empty.title} description={empty.description} action={empty.action} level={2} />
      ) : (
        children
      )}
      {overlays}
    </div>
  );
}

export interface DatabaseColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Monospace cell (names, types, SQL). */
  mono?: boolean;
}

/** A plain, accessible table of catalog rows; `rowActions` adds a last column of buttons. */
export function DatabaseTable<T>({ label, rows, rowKey, columns, rowActions }: { label: string; rows: readonly T[]; rowKey: (row: T) => string; columns: readonly DatabaseColumn<T>[]; rowActions?: (row: T) => ReactNode }) {
  return (
    <div className={css.tableWrap}>
      <table className={css.table} aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} className={css.th} scope="col">{column.header}</th>
            ))}
            {rowActions ? <th className={css.th} scope="col"><span className={visuallyHidden}>Actions</span></th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header} className={column.mono ? `${css.td} ${css.mono}` : css.td}>{column.cell(row)}</td>
              ))}
              {rowActions ? <td className={css.td}><div className={css.rowActions}>{rowActions(row)}</div></td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
