// Choose a row of the referenced table for a foreign-key column (spec B2.1 side panel): a searchable list, 100 rows a
// page with 'Load more'. From a row panel the choice goes back to it; from the grid (`row` given) the picker sets the
// cell itself and closes.
import { useActorRef, useSelector } from '@xstate/react';
import { scriptTask } from '../../../actors/table-editor-tasks.ts';
import { referenceRowsMachine } from '../../../actors/table-reference-rows.ts';
import {
  selectCount,
  selectError,
  selectHasMore,
  selectIsLoadingFirstPage,
  selectIsLoadingMore,
  selectItems,
  selectSearchText,
} from '../../../../machines/infinite-list.selectors.ts';
import { REFERENCE_PAGE_SIZE } from '../../../domain/table-editor/reference-rows.ts';
import { initialDraft, updateStatement, valueText } from '../../../domain/table-editor/row-values.ts';
import type { ColumnInfo, Row, TableMeta } from '../../../domain/table-editor/types.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { SkeletonLines } from '../../../ui/Skeleton.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import type { PanelProps } from './PanelHost.tsx';
import * as css from './Panels.css.ts';
import { SidePanel } from './SidePanel.tsx';
import { useTask } from '../../shared/useTask.ts';
import { devInspect } from '../../../dev/live-inspect.ts';

export interface ReferencePickerProps extends PanelProps {
  table: TableMeta;
  column: ColumnInfo;
  /** The grid's row whose cell the choice sets; null when a row panel asked. */
  row: Row | null;
  onChosen: (value: unknown) => void;
}

export function ReferencePickerPanel({ projectRef, canWrite, onClose, onDone, table, column, row, onChosen }: ReferencePickerProps) {
  const fk = table.relationships.find(
    (r) => r.source_schema === table.schema && r.source_table_name === table.name && r.source_column_name === column.name,
  );
  const target = fk ? { schema: fk.target_table_schema, table: fk.target_table_name, column: fk.target_column_name } : null;
  const list = useActorRef(referenceRowsMachine, {
    input: { pageSize: REFERENCE_PAGE_SIZE, base: { projectRef, ...(target ?? { schema: '', table: '', column: '' }) } },
    inspect: devInspect,
  });
  const items = useSelector(list, selectItems<Row>);
  const count = useSelector(list, selectCount);
  const hasMore = useSelector(list, selectHasMore);
  const loadingFirst = useSelector(list, selectIsLoadingFirstPage);
  const loadingMore = useSelector(list, selectIsLoadingMore);
  const listError = useSelector(list, selectError);
  const search = useSelector(list, selectSearchText);
  const task = useTask(scriptTask(), { onDone: () => onDone(`Successfully updated ${column.name}`, 'rows') });
  // From the grid the choice is saved here (the same value again changes nothing); from a row panel it goes back.
  const choose = (value: unknown) =>
    row
      ? task.run({
          projectRef,
          build: () => updateStatement(table, row, { ...initialDraft(table, row), [column.name]: { mode: 'value', text: valueText(value, 'text') } }),
          meta: null,
        })
      : onChosen(value);

  return (
    <SidePanel
      title={target ? `Select a record from ${target.schema}.${target.table}` : 'Select a record'}
      onClose={onClose}
      error={task.error ?? listError}
      errorSubject={task.error ? 'Failed to update value' : 'Failed to load rows'}
      canWrite={canWrite}
      projectRef={projectRef}
    >
      {target === null ? (
        <p className={css.hint}>{column.name} is not a foreign key.</p>
      ) : (
        <>
          <TextField label="Search rows" value={search} onChange={(text) => list.send({ type: 'list.search', text })} autoFocus />
          <p className={css.hint}>
            Choose the row whose <span className={css.mono}>{target.column}</span> becomes {column.name}
            {count !== null ? ` · ${count} ${count === 1 ? 'row' : 'rows'}` : ''}
          </p>
          {loadingFirst ? <SkeletonLines lines={5} /> : null}
          {!loadingFirst && items.length === 0 && !listError ? <EmptyState title="No rows found" description="Try another search." /> : null}
          <ul className={css.list} aria-label="Rows">
            {items.map((item, index) => (
              <li key={index}>
                <button
                  type="button"
                  className={css.pickRow}
                  onClick={() => canWrite && !task.running && choose(item[target.column])}
                  disabled={!canWrite}
                  title={JSON.stringify(item)}
                >
                  <strong>{valueText(item[target.column], 'text')}</strong>
                  <span>{Object.entries(item).filter(([k]) => k !== target.column).slice(0, 4).map(([, v]) => valueText(v, 'text')).join(' · ')}</span>
                </button>
              </li>
            ))}
          </ul>
          {hasMore ? (
            <Button size="small" onPress={() => list.send({ type: 'list.loadMore' })} isPending={loadingMore}>Load more</Button>
          ) : null}
        </>
      )}
    </SidePanel>
  );
}
