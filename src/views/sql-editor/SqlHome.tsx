// The SQL editor home (spec B2.2): shown when no SQL tab is open — recent SQL items and a way to start a query.
import { useSelector } from '@xstate/react';
import { selectRecentItems } from '../../../machines/editor-tabs.selectors.ts';
import { parseTabId } from '../../domain/editor-tabs.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useEditorTabs } from '../editor/EditorTabsContext.tsx';
import { useSqlEditor } from './SqlEditorContext.tsx';
import * as css from './SqlEditor.css.ts';

export function SqlHome({ onOpen }: { onOpen: (snippetId: string) => void }) {
  const tabs = useEditorTabs();
  const { snippets } = useSqlEditor();
  const recent = useSelector(tabs, (snapshot) => selectRecentItems(snapshot, 'sql'));
  const known = new Set(snippets.map((snippet) => snippet.id));
  const items = recent.filter((item) => known.has(item.metadata.sqlId ?? parseTabId(item.id)?.itemId ?? ''));
  return (
    <div className={css.home}>
      <EmptyState
        title="SQL Editor"
        description="Write and run SQL on the project's database. Start with 'New query' on the left, or reopen a recent query."
      />
      {items.length > 0 ? (
        <section aria-label="Recent queries">
          <h2 className={css.sectionTitle} style={{ cursor: 'default' }}>
            Recent
          </h2>
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => {
              const id = item.metadata.sqlId ?? parseTabId(item.id)?.itemId ?? '';
              return (
                <li key={item.id} className={css.snippet}>
                  <button type="button" className={css.snippetLink} style={{ background: 'none', border: 'none', textAlign: 'left', cursor: 'pointer' }} onClick={() => onOpen(id)}>
                    {item.label}
                  </button>
                  <span className={css.saveState}>{new Date(item.timestamp).toLocaleString()}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
