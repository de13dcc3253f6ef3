// The left column of the table editor (spec B2.1): schema picker, 'New schema' and 'New table', search, type
// filter, sort, and the relations of the schema, paged as the user scrolls (infinite-list machine, spec B7).
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import type { ActorRefFrom } from 'xstate';
import type { infiniteListMachine } from '../../../../machines/infinite-list.machine.ts';
import {
  selectError,
  selectFailedWithoutItems,
  selectHasMore,
  selectIsEmpty,
  selectIsFiltered,
  selectIsLoadingFirstPage,
  selectIsLoadingMore,
  selectItems,
  selectSearchText,
  selectSort,
  selectStatuses,
} from '../../../../machines/infinite-list.selectors.ts';
import { readStoredTableListSort, storeTableListSort } from '../../../actors/table-list.ts';
import { TABLE_TAB_TYPES, type TableTabType } from '../../../domain/editor-tabs.ts';
import {
  TABLE_LIST_SORTS,
  TABLE_LIST_SORT_LABELS,
  TABLE_TYPE_LABELS,
  isTableType,
  readTableListSort,
  tableListSortStorageKey,
  type TableListSort,
} from '../../../domain/table-editor/table-list.ts';
import type { TableEntity } from '../../../domain/table-editor/types.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { CheckIcon, ChevronDownIcon, PlusIcon } from '../../../ui/Icon.tsx';
import { Menu, MenuItem, MenuTrigger } from '../../../ui/Menu.tsx';
import { LazySelect } from '../../../ui/LazySelect.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { toast } from '../../../ui/toast.ts';
import { useTableEditor } from '../TableEditorContext.tsx';
import { TableListEntry, type EntryAction } from './TableListEntry.tsx';
import { useTableListActor } from './useTableListActor.ts';
import * as fieldStyles from '../../../ui/Field.css.ts';
import * as css from './TableList.css.ts';

type ListActor = ActorRefFrom<typeof infiniteListMachine>;

export interface TableListProps {
  /** The schemas whose relations are listed (at least one). spec B2.1 ('the selected schemas') */
  selectedSchemas: string[];
  /** The project's schema names; null while unknown. */
  schemas: string[] | null;
  schemasError: string | null;
  /** The relation the open tab shows, highlighted in the list. */
  activeTableId: number | null;
  onSchemaChange: (schemas: string[]) => void;
  /** Click: preview tab; double-click: permanent tab. spec B2.2 */
  onOpen: (entity: TableEntity, permanent: boolean) => void;
}

export function TableList(props: TableListProps) {
  const { project, ui } = useTableEditor();
  const sortKey = tableListSortStorageKey(project.ref);
  const selected = props.selectedSchemas;
  // The project's schemas, with a selected one it does not list (yet) in front.
  const names = [...selected.filter((name) => !(props.schemas ?? []).includes(name)), ...(props.schemas ?? [])];
  // The selection keeps the menu's order; the last schema selected cannot be unselected (the list needs one).
  const toggle = (name: string) => {
    const next = selected.includes(name) ? selected.filter((other) => other !== name) : [...selected, name];
    if (next.length > 0) props.onSchemaChange(names.filter((other) => next.includes(other)));
  };
  return (
    <nav className={css.column} aria-label="Tables">
      <div className={css.header}>
        <div className={css.row}>
          <div className={[fieldStyles.field, css.grow].join(' ')}>
            <span className={fieldStyles.label} aria-hidden>
              Schema
            </span>
            <MenuTrigger>
              <AriaButton className={[fieldStyles.control, css.schemaButton].join(' ')} aria-label={`Schemas: ${selected.join(', ')}`}>
                <span className={css.schemaButtonText}>{selected.join(', ')}</span>
                <ChevronDownIcon size={14} />
              </AriaButton>
              <Menu
                aria-label="Schemas"
                selectionMode="multiple"
                selectedKeys={selected}
                disabledKeys={selected.length === 1 ? selected : []}
                onAction={(key) => toggle(String(key))}
              >
                {names.map((name) => (
                  <MenuItem key={name} id={name} icon={<span className={css.typeCheck}>{selected.includes(name) ? <CheckIcon size={14} /> : null}</span>}>
                    {name}
                  </MenuItem>
                ))}
              </Menu>
            </MenuTrigger>
          </div>
          <Button size="small" variant="outline" onPress={() => ui.send({ type: 'ui.newSchema' })}>
            New schema
          </Button>
        </div>
        {props.schemasError ? <ErrorAlert subject="Failed to retrieve schemas" error={props.schemasError} projectRef={project.ref} /> : null}
        <Button size="small" variant="default" block icon={<PlusIcon size={14} />} onPress={() => ui.send({ type: 'ui.newTable' })}>
          New table
        </Button>
      </div>
      {/* A new list per selection: the list's base (project, schemas) is fixed when it starts. */}
      <SchemaTables key={`${project.ref}/${JSON.stringify(selected)}`} {...props} sortKey={sortKey} />
    </nav>
  );
}

function SchemaTables(props: TableListProps & { sortKey: string }) {
  const { project, ui } = useTableEditor();
  // The sort preference is remembered per project (read when a schema's list starts).
  const [initialSort] = useState<TableListSort>(() => readTableListSort(readStoredTableListSort(props.sortKey)));
  const list = useTableListActor(project.ref, props.selectedSchemas, initialSort, []);

  const onAction = (entity: TableEntity, action: EntryAction) => {
    if (action === 'edit') ui.send({ type: 'ui.editTable', table: entity });
    else if (action === 'duplicate') ui.send({ type: 'ui.duplicateTable', table: entity });
    else if (action === 'delete') ui.send({ type: 'ui.deleteTable', table: entity });
    else void copyName(entity.name);
  };

  return (
    <>
      <Toolbar list={list} sortKey={props.sortKey} />
      <div className={css.scroller} data-testid="table-list">
        <Entries list={list} schemas={props.selectedSchemas} activeTableId={props.activeTableId} onOpen={props.onOpen} onAction={onAction} />
      </div>
    </>
  );
}

async function copyName(name: string) {
  try {
    await navigator.clipboard.writeText(name);
    toast.success(`Copied '${name}'`);
  } catch {
    toast.error('Could not copy to the clipboard');
  }
}

function Toolbar({ list, sortKey }: { list: ListActor; sortKey: string }) {
  const searchText = useSelector(list, selectSearchText);
  const sort = useSelector(list, selectSort);
  const types = useSelector(list, selectStatuses).filter(isTableType);
  const toggleType = (type: TableTabType) => {
    const next = types.includes(type) ? types.filter((t) => t !== type) : [...types, type];
    list.send({ type: 'list.setStatuses', statuses: next });
  };
  return (
    <div className={css.header}>
      <TextField
        aria-label="Search tables"
        placeholder="Search tables..."
        type="search"
        value={searchText}
        onChange={(text) => list.send({ type: 'list.search', text })}
      />
      <div className={css.controls}>
        <MenuTrigger>
          <AriaButton className={css.filterButton} aria-label="Filter by type">
            {types.length === 0 ? 'All types' : `${types.length} type${types.length === 1 ? '' : 's'}`}
          </AriaButton>
          <Menu
            aria-label="Types"
            onAction={(key) => (key === 'all' ? list.send({ type: 'list.setStatuses', statuses: [] }) : toggleType(key as TableTabType))}
          >
            <MenuItem id="all" icon={<span className={css.typeCheck}>{types.length === 0 ? <CheckIcon size={14} /> : null}</span>}>
              All types
            </MenuItem>
            {TABLE_TAB_TYPES.map((type) => (
              <MenuItem key={type} id={type} icon={<span className={css.typeCheck}>{types.includes(type) ? <CheckIcon size={14} /> : null}</span>}>
                {TABLE_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </Menu>
        </MenuTrigger>
        {/* A stand-in until wanted (ui/LazySelect.tsx): a react-aria Select is costly on the table's first render. */}
        <LazySelect
          aria-label="Sort tables"
          className={css.grow}
          options={TABLE_LIST_SORTS.map((id) => ({ id, label: TABLE_LIST_SORT_LABELS[id] }))}
          value={sort ?? 'alphabetical'}
          onChange={(key) => {
            if (key === null) return;
            storeTableListSort(sortKey, String(key));
            list.send({ type: 'list.setSort', sort: String(key) });
          }}
        />
      </div>
    </div>
  );
}

interface EntriesProps {
  list: ListActor;
  schemas: string[];
  activeTableId: number | null;
  onOpen: (entity: TableEntity, permanent: boolean) => void;
  onAction: (entity: TableEntity, action: EntryAction) => void;
}

function Entries({ list, schemas, activeTableId, onOpen, onAction }: EntriesProps) {
  const { project } = useTableEditor();
  const entities = useSelector(list, selectItems<TableEntity>);
  const loadingFirstPage = useSelector(list, selectIsLoadingFirstPage);
  const failedWithoutItems = useSelector(list, selectFailedWithoutItems);
  const error = useSelector(list, selectError);
  const isEmpty = useSelector(list, selectIsEmpty);
  const isFiltered = useSelector(list, selectIsFiltered);
  const loadingMore = useSelector(list, selectIsLoadingMore);
  const hasMore = useSelector(list, selectHasMore);
  const retry = (
    <Button size="tiny" onPress={() => list.send({ type: 'list.retry' })}>
      Retry
    </Button>
  );

  if (failedWithoutItems && error !== null) {
    return (
      <div className={css.failure}>
        <ErrorAlert subject="Failed to retrieve tables" error={error} projectRef={project.ref}>
          {retry}
        </ErrorAlert>
      </div>
    );
  }
  if (loadingFirstPage) return <EntrySkeletons count={8} />;
  if (isEmpty && isFiltered) return <EmptyState level={3} title="No results found" description="No tables match your search or filter." />;
  if (isEmpty) {
    const description = schemas.length === 1 ? `Schema '${schemas[0]}' has no tables yet.` : `Schemas ${schemas.map((name) => `'${name}'`).join(', ')} have no tables yet.`;
    return <EmptyState level={3} title="No tables or views" description={description} />;
  }
  return (
    <>
      <ul className={css.list}>
        {entities.map((entity) => (
          <TableListEntry
            key={entity.id}
            entity={entity}
            isActive={entity.id === activeTableId}
            showSchema={schemas.length > 1}
            onOpen={onOpen}
            onAction={onAction}
          />
        ))}
      </ul>
      {loadingMore ? <EntrySkeletons count={3} /> : null}
      {error !== null ? (
        <div className={css.failure}>
          <ErrorAlert subject="Failed to retrieve more tables" error={error} projectRef={project.ref}>
            {retry}
          </ErrorAlert>
        </div>
      ) : null}
      {hasMore && error === null ? <LoadMoreSentinel onVisible={() => list.send({ type: 'list.loadMore' })} resetKey={entities.length} /> : null}
    </>
  );
}

function EntrySkeletons({ count }: { count: number }) {
  return (
    <div aria-hidden data-testid="table-list-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={css.skeletonRow}>
          <Skeleton height={14} width={`${60 + ((index * 17) % 35)}%`} />
        </div>
      ))}
    </div>
  );
}

/** The end of the list: in view (within 300 px) it asks for the next page; renewed after each page lands. */
function LoadMoreSentinel({ onVisible, resetKey }: { onVisible: () => void; resetKey: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    }, { rootMargin: '300px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [resetKey]);
  return <div ref={ref} className={css.sentinel} data-testid="table-list-sentinel" aria-hidden />;
}
