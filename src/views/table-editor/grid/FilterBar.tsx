// The grid's filters (issue 6): the filters applied (from the URL) as removable chips, and a form adding one
// (column, operator, value). Every change goes to the URL; the rows machine follows it. The form's Selects are made
// real on intent (LazySelect): they are not needed for the table's first rows.
import { useState } from 'react';
import { FILTER_OPERATORS, type ColumnInfo, type FilterOperator, type RowFilter } from '../../../domain/table-editor/types.ts';
import { Button } from '../../../ui/Button.tsx';
import { LazySelect } from '../../../ui/LazySelect.tsx';
import * as css from './Grid.css.ts';

const OPERATOR_LABELS: Record<FilterOperator, string> = {
  eq: '= equals', neq: '<> not equal', gt: '> greater than', gte: '>= greater or equal', lt: '< less than', lte: '<= less or equal',
  like: 'like', ilike: 'ilike (case-insensitive)', is: 'is (null, not null, true, false)', in: 'in (comma-separated)',
};

export interface FilterBarProps {
  columns: ColumnInfo[];
  filters: RowFilter[];
  onChange: (filters: RowFilter[]) => void;
}

export function FilterBar({ columns, filters, onChange }: FilterBarProps) {
  const [column, setColumn] = useState<string>(columns[0]?.name ?? '');
  const [operator, setOperator] = useState<FilterOperator>('eq');
  const [value, setValue] = useState('');
  const add = () => {
    if (!columns.some((entry) => entry.name === column)) return;
    onChange([...filters, { column, operator, value }]);
    setValue('');
  };
  return (
    <div className={css.filterBar} role="search" aria-label="Filter rows">
      {filters.map((filter, index) => (
        <span key={`${index}-${filter.column}`} className={css.chip}>
          {filter.column} {filter.operator} {filter.value}
          <Button variant="ghost" size="tiny" aria-label={`Remove filter on ${filter.column}`} onPress={() => onChange(filters.filter((_, i) => i !== index))}>
            ×
          </Button>
        </span>
      ))}
      <LazySelect
        label="Column"
        aria-label="Filter column"
        options={columns.map((entry) => ({ id: entry.name, label: entry.name }))}
        selectedKey={column}
        onSelectionChange={(key) => setColumn(String(key))}
      />
      <LazySelect
        label="Operator"
        aria-label="Filter operator"
        options={FILTER_OPERATORS.map((id) => ({ id, label: OPERATOR_LABELS[id] }))}
        selectedKey={operator}
        onSelectionChange={(key) => setOperator(key as FilterOperator)}
      />
      <input
        className={css.input}
        aria-label="Filter value"
        placeholder={operator === 'is' ? 'null' : 'Value'}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => event.key === 'Enter' && add()}
      />
      <Button size="small" onPress={add} isDisabled={columns.length === 0}>
        Apply filter
      </Button>
      {filters.length > 0 ? (
        <Button variant="ghost" size="small" onPress={() => onChange([])}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
