// The grid's toolbar (issue 6): row count ('~1,000,000 rows (estimate)' with a button for the exact count),
// Insert row / Insert column / Import CSV / Delete selected / Edit row (writers only), Export, Refresh.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { tableRowsMachine } from '../../../../machines/table-rows.machine.ts';
import { selectCanCountExact, selectCount, selectCountError, selectIsCounting } from '../../../../machines/table-rows.selectors.ts';
import { formatRowCount } from '../../../domain/table-editor/row-count.ts';
import { Button } from '../../../ui/Button.tsx';
import * as css from './Grid.css.ts';

export interface GridToolbarProps {
  rows: ActorRefFrom<typeof tableRowsMachine>;
  canEditRows: boolean;
  canEditColumns: boolean;
  selectedCount: number;
  onInsertRow: () => void;
  /** Bulk add rows from tab-separated lines (issue 14). */
  onAddRows: () => void;
  onInsertColumn: () => void;
  onImportCsv: () => void;
  onDeleteSelected: () => void;
  onEditRow: (() => void) | null;
  onRefresh: () => void;
  exportButton: React.ReactNode;
  /** issue 14: the Sort popover (the view's sort rules), shown before Export. */
  sortButton?: React.ReactNode;
  /** spec B2.7: the role the rows are read as (role impersonation). */
  rolePicker?: React.ReactNode;
  /** spec B2.3: the database / replica picker, as in the SQL editor. */
  databasePicker?: React.ReactNode;
}

export function GridToolbar(props: GridToolbarProps) {
  const count = useSelector(props.rows, selectCount);
  const counting = useSelector(props.rows, selectIsCounting);
  const canCount = useSelector(props.rows, selectCanCountExact);
  const countError = useSelector(props.rows, selectCountError);
  return (
    <div className={css.toolbar} role="toolbar" aria-label="Table actions">
      {props.canEditRows ? (
        <Button size="small" variant="primary" onPress={props.onInsertRow}>
          Insert row
        </Button>
      ) : null}
      {props.canEditRows ? (
        <Button size="small" onPress={props.onAddRows}>
          Add rows
        </Button>
      ) : null}
      {props.canEditColumns ? (
        <Button size="small" onPress={props.onInsertColumn}>
          Insert column
        </Button>
      ) : null}
      {props.canEditRows ? (
        <Button size="small" onPress={props.onImportCsv}>
          Import CSV
        </Button>
      ) : null}
      {props.canEditRows && props.selectedCount > 0 ? (
        <Button size="small" variant="danger" onPress={props.onDeleteSelected}>
          {`Delete ${props.selectedCount.toLocaleString('en-US')} ${props.selectedCount === 1 ? 'row' : 'rows'}`}
        </Button>
      ) : null}
      {props.onEditRow ? (
        <Button size="small" onPress={props.onEditRow}>
          Edit row
        </Button>
      ) : null}
      {props.databasePicker}
      {props.rolePicker}
      {props.sortButton}
      {props.exportButton}
      <span className={css.spacer} />
      <span className={css.count} aria-live="polite" data-testid="row-count">
        {count ? formatRowCount(count) : counting ? 'Counting rows…' : null}
        {countError ? <span role="alert">Could not count the rows: {countError}</span> : null}
        {canCount ? (
          <Button size="tiny" variant="outline" onPress={() => props.rows.send({ type: 'rows.countExact' })}>
            Count exactly
          </Button>
        ) : null}
      </span>
      <Button size="small" variant="ghost" onPress={props.onRefresh}>
        Refresh
      </Button>
    </div>
  );
}
