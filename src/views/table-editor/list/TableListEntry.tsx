// One entry of the table list (spec B2.1, B3): type icon, name, RLS indicator and comment. Click opens the table
// as the preview tab, double-click as a permanent tab; the '…' button (or a right-click) opens its actions.
import { useState, type MouseEvent } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import type { TableEntity } from '../../../domain/table-editor/types.ts';
import { TABLE_TYPE_LABELS } from '../../../domain/table-editor/table-list.ts';
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from '../../../ui/Menu.tsx';
import { TableTypeIcon } from './TableTypeIcon.tsx';
import * as css from './TableList.css.ts';

export type EntryAction = 'edit' | 'duplicate' | 'delete' | 'copyName';

export interface TableListEntryProps {
  entity: TableEntity;
  isActive: boolean;
  /** Several schemas are listed: the entry names its own. */
  showSchema?: boolean;
  onOpen: (entity: TableEntity, permanent: boolean) => void;
  onAction: (entity: TableEntity, action: EntryAction) => void;
}

/** RLS is a property of tables (and partitioned tables); views and foreign tables show no indicator. */
const hasRls = (entity: TableEntity) => entity.type === 'r' || entity.type === 'p';

export function TableListEntry({ entity, isActive, showSchema = false, onOpen, onAction }: TableListEntryProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const typeLabel = TABLE_TYPE_LABELS[entity.type];
  const onContextMenu = (event: MouseEvent) => {
    event.preventDefault();
    setMenuOpen(true);
  };
  return (
    <li className={css.entry} data-active={isActive || undefined} data-testid="table-entry" data-name={entity.name} onContextMenu={onContextMenu}>
      <button
        type="button"
        className={css.entryButton}
        aria-current={isActive ? 'page' : undefined}
        aria-label={[entity.name, typeLabel, showSchema ? `schema ${entity.schema}` : null, hasRls(entity) ? (entity.rls_enabled ? 'RLS enabled' : 'RLS disabled') : null, entity.comment]
          .filter(Boolean)
          .join(', ')}
        title={entity.comment ?? undefined}
        onClick={() => onOpen(entity, false)}
        onDoubleClick={() => onOpen(entity, true)}
      >
        <span className={css.entryIcon} data-type={entity.type}>
          <TableTypeIcon type={entity.type} />
        </span>
        <span className={css.entryText}>
          <span className={css.entryName}>{entity.name}</span>
          {showSchema ? <span className={css.entrySchema}>{entity.schema}</span> : null}
          {entity.comment ? <span className={css.entryComment}>{entity.comment}</span> : null}
        </span>
        {hasRls(entity) ? (
          <span className={css.rls} data-enabled={entity.rls_enabled} title={entity.rls_enabled ? 'RLS enabled' : 'RLS disabled'}>
            {entity.rls_enabled ? 'RLS' : 'No RLS'}
          </span>
        ) : null}
      </button>
      <MenuTrigger isOpen={menuOpen} onOpenChange={setMenuOpen}>
        <AriaButton className={css.entryMenuButton} aria-label={`Actions for ${entity.name}`}>
          ⋯
        </AriaButton>
        <Menu placement="bottom end" onAction={(key) => onAction(entity, key as EntryAction)}>
          <MenuItem id="edit">Edit table</MenuItem>
          <MenuItem id="duplicate">Duplicate table</MenuItem>
          <MenuItem id="copyName">Copy name</MenuItem>
          <MenuSeparator />
          <MenuItem id="delete" isDestructive>
            Delete table
          </MenuItem>
        </Menu>
      </MenuTrigger>
    </li>
  );
}
