// /project/{ref}/auth/audit-logs (spec A2.7 "audit-logs (BETA)", issue 18): the project's real auth audit log,
// newest first, searched (any text of an entry: action, e-mail, user id, provider) and paged by keyset.
import { useState, type FormEvent } from 'react';
import { auditLogRead } from '../../actors/auth-settings.ts';
import type { Project } from '../../api/types.ts';
import { AUDIT_LOG_PAGE_SIZE, AUDIT_TEXT, auditActionLabel, type AuditLogRequest } from '../../domain/auth-audit.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useTaskRead } from '../shared/useTask.ts';
import * as css from './AuthSettings.css.ts';

type Cursor = AuditLogRequest['after'];

export function AuthAuditLogsPage({ project }: { project: Pick<Project, 'ref'> }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // The keysets of the pages shown so far: the last is the current page's (null for the first page).
  const [cursors, setCursors] = useState<Cursor[]>([null]);
  const after = cursors[cursors.length - 1] ?? null;
  const [version, setVersion] = useState(0);
  const request: AuditLogRequest = { search, after };
  const read = useTaskRead(auditLogRead, { ref: project.ref, request }, `${search}\u0000${JSON.stringify(after)}\u0000${version}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setCursors([null]);
  };
  const rows = read.data?.rows ?? [];
  const pageNumber = cursors.length;
  return (
    <div className={css.page} style={{ maxWidth: 1200 }}>
      <header>
        <h1 className={css.title}>
          {AUDIT_TEXT.title} <Badge variant="outline">BETA</Badge>
        </h1>
        <p className={css.subtitle}>{AUDIT_TEXT.description}</p>
      </header>
      <form className={css.toolbar} onSubmit={submit} role="search">
        <div className={css.search}>
          <TextField label={AUDIT_TEXT.searchLabel} type="search" value={typed} onChange={setTyped} placeholder="Action, e-mail or user id" />
        </div>
        <Button type="submit">Search</Button>
        <Button onPress={() => setVersion((v) => v + 1)} isDisabled={read.loading}>
          Refresh
        </Button>
      </form>
      {read.error ? (
        <ErrorAlert subject="Failed to retrieve audit logs" error={read.error} projectRef={project.ref}>
          <Button onPress={read.retry}>Try again</Button>
        </ErrorAlert>
      ) : read.loading ? (
        <SkeletonLines lines={8} />
      ) : rows.length === 0 ? (
        <EmptyState level={2} title={search ? AUDIT_TEXT.emptySearch(search) : AUDIT_TEXT.empty} description={search ? undefined : 'Sign-ups, sign-ins and sign-outs of your users appear here.'} />
      ) : (
        <>
          <div className={css.tableWrap}>
            <table className={css.table} aria-label="Audit log entries">
              <thead>
                <tr>
                  <th className={css.th} scope="col">Timestamp</th>
                  <th className={css.th} scope="col">Action</th>
                  <th className={css.th} scope="col">User</th>
                  <th className={css.th} scope="col">IP address</th>
                  <th className={css.th} scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td className={`${css.td} ${css.mono}`}>{row.created_at}</td>
                    <td className={css.td}>
                      {auditActionLabel(row.payload?.action)} <span className={css.json}>{row.payload?.action}</span>
                    </td>
                    <td className={css.td}>
                      {row.payload?.actor_username || <span className={css.json}>{row.payload?.actor_id ?? '—'}</span>}
                    </td>
                    <td className={`${css.td} ${css.mono}`}>{row.ip_address || '—'}</td>
                    <td className={`${css.td} ${css.json}`}>{row.payload?.traits && Object.keys(row.payload.traits).length > 0 ? JSON.stringify(row.payload.traits) : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className={css.pager} aria-label="Audit log pages">
            <Button onPress={() => setCursors((c) => c.slice(0, -1))} isDisabled={pageNumber === 1}>
              Previous
            </Button>
            <span>
              Page {pageNumber} · {AUDIT_LOG_PAGE_SIZE} entries a page
            </span>
            <Button onPress={() => read.data?.next && setCursors((c) => [...c, read.data!.next])} isDisabled={!read.data?.next}>
              Next
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
