// /project/{ref}/database/migrations (spec A2.6 "Platform: Migrations", issue 19): the project's migration history —
// every migration applied from the SQL editor (Save as migration), the Management API or the MCP server, recorded in
// the project's own database with its SQL — newest first, with version, name and time applied; each one's SQL on
// demand. New migrations are applied from the SQL editor, which runs them in one transaction with their record.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { migrationsRead } from '../../../actors/database-admin.ts';
import type { Project } from '../../../api/types.ts';
import { filterMigrations, MIGRATIONS_TEXT, versionAsTime, type MigrationRow } from '../../../domain/database/migrations.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClasses } from '../../../ui/ButtonLook.tsx';
import { Dialog, Modal } from '../../../ui/Dialog.tsx';
import { useTaskRead } from '../../shared/useTask.ts';
import { DatabaseListPage, DatabasePage, DatabaseTable } from '../shared/DatabaseListPage.tsx';
import * as css from '../shared/Database.css.ts';

export function MigrationsPage({ project }: { project: Project }) {
  return (
    <DatabasePage project={project}>
      <Migrations project={project} />
    </DatabasePage>
  );
}

function Migrations({ project }: { project: Project }) {
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState<MigrationRow | null>(null);
  const read = useTaskRead(migrationsRead, { ref: project.ref }, project.ref);
  const rows = filterMigrations(read.data ?? [], search);
  const newMigration = (
    <Link to="/project/$ref/sql" params={{ ref: project.ref }} className={buttonClasses({ variant: 'primary', size: 'tiny' })}>
      New migration in the SQL editor
    </Link>
  );
  return (
    <DatabaseListPage
      title={MIGRATIONS_TEXT.title}
      description={MIGRATIONS_TEXT.subtitle}
      actions={newMigration}
      search={{ value: search, onChange: setSearch, label: MIGRATIONS_TEXT.search }}
      read={read}
      errorSubject="Failed to retrieve migrations"
      isEmpty={rows.length === 0}
      empty={
        search.trim() === ''
          ? { title: MIGRATIONS_TEXT.empty, description: MIGRATIONS_TEXT.emptyDescription }
          : { title: MIGRATIONS_TEXT.notFound, description: `No migration matches "${search.trim()}".` }
      }
      overlays={
        shown ? (
          <Modal isOpen onOpenChange={(open) => !open && setShown(null)} size="large">
            <Dialog
              title={`Migration ${shown.name}`}
              description={`Version ${shown.version}, applied ${new Date(shown.applied_at).toLocaleString('en-US')}`}
              footer={<Button variant="default" size="tiny" onPress={() => setShown(null)}>Close</Button>}
            >
              <pre className={css.sql} aria-label={`SQL of ${shown.name}`}>{shown.statements}</pre>
            </Dialog>
          </Modal>
        ) : null
      }
    >
      <DatabaseTable
        label="Migrations"
        rows={rows}
        rowKey={(row) => row.version}
        columns={[
          { header: 'Version', cell: (row) => <span title={versionAsTime(row.version)}>{row.version}</span>, mono: true },
          { header: 'Name', cell: (row) => row.name },
          { header: 'Applied', cell: (row) => new Date(row.applied_at).toLocaleString('en-US') },
        ]}
        rowActions={(row) => (
          <Button variant="default" size="tiny" aria-label={`View SQL of ${row.name}`} onPress={() => setShown(row)}>View SQL</Button>
        )}
      />
    </DatabaseListPage>
  );
}
