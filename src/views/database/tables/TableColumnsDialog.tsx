// One table's columns (spec A2.6, issue 19): name, type, default, nullable, primary key — read when it opens.
import { tableColumnsRead } from '../../../actors/database.ts';
import type { DatabaseTable as TableRow } from '../../../domain/database/tables.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Dialog, Modal } from '../../../ui/Dialog.tsx';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { SkeletonLines } from '../../../ui/Skeleton.tsx';
import { useTaskRead } from '../../shared/useTask.ts';
import { DatabaseTable } from '../shared/DatabaseListPage.tsx';

export function TableColumnsDialog({ projectRef, table, onClose, onOpenEditor }: { projectRef: string; table: TableRow; onClose: () => void; onOpenEditor: () => void }) {
  const read = useTaskRead(tableColumnsRead, { ref: projectRef, schema: table.schema, table: table.name }, `${table.schema}.${table.name}`);
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} size="xlarge">
      <Dialog
        title={`Columns of ${table.schema}.${table.name}`}
        description={`${table.columns} columns. Add, edit or remove columns in the Table Editor.`}
        footer={
          <>
            <Button variant="default" size="tiny" onPress={onClose}>Close</Button>
            <Button variant="primary" size="tiny" onPress={onOpenEditor}>Open in Table Editor</Button>
          </>
        }
      >
        {read.error ? (
          <ErrorAlert subject="Failed to retrieve columns" error={read.error}>
            <Button variant="default" size="tiny" onPress={read.retry}>Retry</Button>
          </ErrorAlert>
        ) : read.loading ? (
          <SkeletonLines lines={3} />
        ) : (
          <DatabaseTable
            label={`Columns of ${table.name}`}
            rows={read.data ?? []}
            rowKey={(c) => c.name}
            columns={[
              { header: 'Name', cell: (c) => c.name, mono: true },
              { header: 'Type', cell: (c) => c.type, mono: true },
              { header: 'Default', cell: (c) => c.default ?? '–', mono: true },
              { header: 'Nullable', cell: (c) => (c.nullable ? 'Yes' : 'No') },
              { header: 'Primary key', cell: (c) => (c.primary_key ? <Badge variant="brand">Primary key</Badge> : '') },
            ]}
          />
        )}
      </Dialog>
    </Modal>
  );
}
