// The grid's Sort popover (issue 14): the sorts of the view (from the URL) as an ordered list of rules — each with
// its column, Ascending/Descending, Move up/down and Remove — and 'Pick a column to sort by' adding one. The rules
// are a draft until 'Apply sorting' hands them to the page (which writes the URL); Escape or a press outside drops
// the draft. The rules themselves are domain/table-editor/sort-rules.ts.
import { useEffect, useRef, useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import {
  addSortRule,
  canMoveSortRule,
  changeSortColumn,
  moveSortRule,
  removeSortRule,
  setSortDirection,
  sortButtonLabel,
  unsortedColumns,
  type SortMove,
} from '../../../domain/table-editor/sort-rules.ts';
import type { ColumnInfo, RowSort } from '../../../domain/table-editor/types.ts';
import { knownColumns } from '../../../domain/table-editor/url.ts';
import { visuallyHidden } from '../../../ui/a11y.css.ts';
import { Button } from '../../../ui/Button.tsx';
import { ChevronsUpDownIcon } from '../../../ui/Icon.tsx';
import { PopoverDialog, PopoverTrigger } from '../../../ui/Popover.tsx';
import { Select } from '../../../ui/Select.tsx';
import * as css from './SortPopover.css.ts';

export interface SortPopoverProps {
  columns: readonly ColumnInfo[];
  sorts: readonly RowSort[];
  onApply: (sorts: RowSort[]) => void;
}

export function SortPopover({ columns, sorts, onApply }: SortPopoverProps) {
  const label = sortButtonLabel(sorts.length);
  return (
    <PopoverTrigger>
      <Button size="small" variant={sorts.length > 0 ? 'default' : 'outline'} icon={<ChevronsUpDownIcon size={14} />} className={css.trigger}>
        {label}
      </Button>
      <PopoverDialog aria-label="Sort rows" placement="bottom start">
        {({ close }) => (
          <SortRules
            columns={columns.map((column) => column.name)}
            sorts={sorts}
            onApply={(next) => {
              onApply(next);
              close();
            }}
          />
        )}
      </PopoverDialog>
    </PopoverTrigger>
  );
}

/** Where the keyboard goes after a change that moves or removes the focused control (a `data-focus-key`). */
type FocusKey = string;

function SortRules({ columns, sorts, onApply }: { columns: string[]; sorts: readonly RowSort[]; onApply: (sorts: RowSort[]) => void }) {
  // Mounted each time the popover opens: the draft starts from the view's sorts.
  const [draft, setDraft] = useState<RowSort[]>(() => knownColumns(sorts, columns));
  const [announcement, setAnnouncement] = useState('');
  const [focusKey, setFocusKey] = useState<FocusKey | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const remaining = unsortedColumns(draft, columns);

  // A moved rule's buttons are re-inserted in the list (and may become disabled at an end), a removed rule's are
  // gone: the focus is put on the control that takes their place, so the keyboard does not fall back to the page.
  useEffect(() => {
    if (focusKey === null) return;
    const target = panel.current?.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusKey)}"]`);
    // A Select carries the key on its wrapper: its trigger button takes the focus.
    (target?.matches('button') ? target : target?.querySelector<HTMLElement>('button'))?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const add = (column: string) => {
    const next = addSortRule(draft, column, columns);
    setDraft(next);
    setAnnouncement(`Sorting by ${column}, ascending`);
    // The picker goes away once every column is sorted.
    if (unsortedColumns(next, columns).length === 0) setFocusKey('apply');
  };
  const remove = (column: string, index: number) => {
    const next = removeSortRule(draft, column);
    setDraft(next);
    setAnnouncement(`Removed the sort on ${column}`);
    const neighbour = next[Math.min(index, next.length - 1)];
    setFocusKey(neighbour ? `remove:${neighbour.column}` : 'add');
  };
  const move = (column: string, direction: SortMove) => {
    const next = moveSortRule(draft, column, direction);
    setDraft(next);
    setAnnouncement(`${column} moved ${direction}, now rule ${next.findIndex((sort) => sort.column === column) + 1} of ${next.length}`);
    setFocusKey(canMoveSortRule(next, column, direction) ? `${direction}:${column}` : `${direction === 'up' ? 'down' : 'up'}:${column}`);
  };

  return (
    <div className={css.panel} ref={panel}>
      <h3 className={css.heading}>Sort rows</h3>
      {draft.length === 0 ? (
        <p className={css.empty}>No sorts applied to this view</p>
      ) : (
        <ol className={css.rules} aria-label="Sort rules">
          {draft.map((sort, index) => (
            <li key={sort.column} className={css.rule}>
              <span className={css.ruleLabel} aria-hidden>{index === 0 ? 'sort by' : 'then by'}</span>
              <Select
                aria-label={`Column of sort rule ${index + 1}`}
                options={[sort.column, ...remaining].map((name) => ({ id: name, label: name }))}
                selectedKey={sort.column}
                onSelectionChange={(key) => {
                  if (key === null) return;
                  setDraft(changeSortColumn(draft, sort.column, String(key), columns));
                  setFocusKey(`column:${String(key)}`);
                }}
                data-focus-key={`column:${sort.column}`}
              />
              <ToggleButtonGroup
                aria-label={`Direction of ${sort.column}`}
                className={css.directions}
                selectionMode="single"
                disallowEmptySelection
                selectedKeys={[sort.ascending ? 'asc' : 'desc']}
                onSelectionChange={(keys) => {
                  const [key] = [...keys];
                  if (key === 'asc' || key === 'desc') setDraft(setSortDirection(draft, sort.column, key === 'asc'));
                }}
              >
                <ToggleButton id="asc" className={css.direction}>Ascending</ToggleButton>
                <ToggleButton id="desc" className={css.direction}>Descending</ToggleButton>
              </ToggleButtonGroup>
              <span className={css.ruleButtons}>
                <Button
                  size="tiny"
                  variant="ghost"
                  aria-label={`Move ${sort.column} up`}
                  data-focus-key={`up:${sort.column}`}
                  isDisabled={!canMoveSortRule(draft, sort.column, 'up')}
                  onPress={() => move(sort.column, 'up')}
                >
                  ↑
                </Button>
                <Button
                  size="tiny"
                  variant="ghost"
                  aria-label={`Move ${sort.column} down`}
                  data-focus-key={`down:${sort.column}`}
                  isDisabled={!canMoveSortRule(draft, sort.column, 'down')}
                  onPress={() => move(sort.column, 'down')}
                >
                  ↓
                </Button>
                <Button
                  size="tiny"
                  variant="ghost"
                  aria-label={`Remove sort on ${sort.column}`}
                  data-focus-key={`remove:${sort.column}`}
                  onPress={() => remove(sort.column, index)}
                >
                  ×
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className={css.footer}>
        {remaining.length > 0 ? (
          <Select
            aria-label="Pick a column to sort by"
            placeholder="Pick a column to sort by"
            className={css.picker}
            options={remaining.map((name) => ({ id: name, label: name }))}
            selectedKey={null}
            onSelectionChange={(key) => key !== null && add(String(key))}
            data-focus-key="add"
          />
        ) : (
          <span />
        )}
        <Button size="small" variant="primary" data-focus-key="apply" onPress={() => onApply(draft)}>
          Apply sorting
        </Button>
      </div>
      <p className={visuallyHidden} aria-live="polite">{announcement}</p>
    </div>
  );
}
