// The table editor home (spec B2.1, B2.2): shown when no table tab is open. Recent tables (newest first, at most 8:
// spec B9), the dismissible table quickstart, and 'Create a new table'.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectRecentItems } from '../../../../machines/editor-tabs.selectors.ts';
import { readFlag, storeFlag } from '../../../actors/table-list.ts';
import { isTableType } from '../../../domain/table-editor/table-list.ts';
import { TABLE_TYPE_LABELS } from '../../../domain/table-editor/table-list.ts';
import type { RecentItem } from '../../../domain/recent-items.ts';
import { KEPT_LOCAL_STORAGE_KEYS } from '../../../domain/storage-wipe.ts';
import { Button } from '../../../ui/Button.tsx';
import { CloseIcon, PlusIcon } from '../../../ui/Icon.tsx';
import { useEditorTabs } from '../../editor/EditorTabsContext.tsx';
import { TableTypeIcon } from '../list/TableTypeIcon.tsx';
import { useTableEditor } from '../TableEditorContext.tsx';
import * as css from './EditorHome.css.ts';

/** The quickstart's dismissal is one global key (spec A3 lists it without 'per project'; kept on sign-out, A4.11). */
const QUICKSTART_KEY = KEPT_LOCAL_STORAGE_KEYS.tableQuickstartDismissed;

export interface EditorHomeProps {
  onOpenRecent: (item: RecentItem) => void;
  /** Something to tell about the last recent item opened (it no longer exists), or null. */
  notice?: string | null;
  onDismissNotice?: () => void;
}

export function EditorHome({ onOpenRecent, notice = null, onDismissNotice }: EditorHomeProps) {
  const { ui } = useTableEditor();
  const tabs = useEditorTabs();
  const recent = useSelector(tabs, (snapshot) => selectRecentItems(snapshot, 'table'));
  const [quickstartDismissed, setQuickstartDismissed] = useState(() => readFlag(QUICKSTART_KEY));
  const dismiss = () => {
    storeFlag(QUICKSTART_KEY, true);
    setQuickstartDismissed(true);
  };

  return (
    <section className={css.page} aria-labelledby="editor-home-title">
      <div className={css.header}>
        <h1 id="editor-home-title" className={css.title}>
          Table Editor
        </h1>
        <Button variant="primary" size="small" icon={<PlusIcon size={14} />} onPress={() => ui.send({ type: 'ui.newTable' })}>
          Create a new table
        </Button>
      </div>
      {notice ? (
        <div role="alert" className={css.notice}>
          <span>{notice}</span>
          {onDismissNotice ? <Button variant="ghost" size="tiny" icon={<CloseIcon size={14} />} aria-label="Dismiss" onPress={onDismissNotice} /> : null}
        </div>
      ) : null}
      {quickstartDismissed ? null : (
        <aside className={css.quickstart} aria-labelledby="quickstart-title" data-testid="table-quickstart">
          <div className={css.quickstartHeader}>
            <h2 id="quickstart-title" className={css.sectionTitle}>
              Table quickstart
            </h2>
            <Button variant="ghost" size="tiny" icon={<CloseIcon size={14} />} aria-label="Dismiss table quickstart" onPress={dismiss} />
          </div>
          <ol className={css.steps}>
            <li>Create a table: name it, pick its columns and a primary key, and decide whether row-level security is on.</li>
            <li>Add rows one by one, or import a CSV file into it.</li>
            <li>Filter, sort and edit the rows in the grid; follow foreign keys to the rows they reference.</li>
          </ol>
          <div className={css.quickstartActions}>
            <Button size="small" onPress={() => ui.send({ type: 'ui.newTable' })}>
              Create a table
            </Button>
            <Button size="small" variant="outline" onPress={() => ui.send({ type: 'ui.newTable', template: true })}>
              Start from a template
            </Button>
          </div>
        </aside>
      )}
      <section aria-labelledby="recent-title" className={css.recent}>
        <h2 id="recent-title" className={css.sectionTitle}>
          Recent items
        </h2>
        {recent.length === 0 ? (
          <p className={css.muted}>Tables you open show up here.</p>
        ) : (
          <ul className={css.recentList} data-testid="recent-items">
            {recent.map((item) => (
              <li key={item.id}>
                <button type="button" className={css.recentItem} onClick={() => onOpenRecent(item)}>
                  {isTableType(item.type) ? <TableTypeIcon type={item.type} /> : null}
                  <span className={css.recentLabel}>{item.label}</span>
                  <span className={css.muted}>
                    {item.metadata.schema ? `${item.metadata.schema} · ` : ''}
                    {isTableType(item.type) ? TABLE_TYPE_LABELS[item.type] : ''}
                  </span>
                  <time className={css.recentTime} dateTime={new Date(item.timestamp).toISOString()}>
                    {new Date(item.timestamp).toLocaleString()}
                  </time>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
