// The SQL editor's left column (issue 7): 'New query', a search over the member's snippets, the favourites and the
// other snippets (sections fold; their state is remembered per project), and per snippet: favourite, rename, delete.
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { SqlSnippet } from '../../api/schemas/sqlEditor.ts';
import { snippetChangeTask, type SnippetChange } from '../../actors/sql-snippets.ts';
import { NEW_SNIPPET_NAME, sortSnippets, type SnippetSort } from '../../domain/sql-editor.ts';
import { Select } from '../../ui/Select.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { PlusIcon } from '../../ui/Icon.tsx';
import { Menu, MenuItem, MenuTrigger } from '../../ui/Menu.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { proposeSnippetName } from '../../domain/sql-snippet-name.ts';
import { latestSnippetTextTask } from '../../actors/sql-snippet-text.ts';
import { toast } from '../../ui/toast.ts';
import { useTask } from '../shared/useTask.ts';
import * as css from './SqlEditor.css.ts';

export interface SnippetSidebarProps {
  projectRef: string;
  snippets: SqlSnippet[];
  currentId: string | null;
  sections: Record<string, boolean>;
  onSectionsChange: (sections: Record<string, boolean>) => void;
  sort: SnippetSort;
  onSortChange: (sort: SnippetSort) => void;
  onChanged: () => void;
  onOpen: (snippet: SqlSnippet) => void;
  /** A snippet was renamed: its tab follows the name (issue 14 item 6). */
  onRenamed: (id: string, name: string) => void;
  /** A snippet was deleted: its tab closes. */
  onDeleted: (id: string) => void;
}

const SORT_OPTIONS = [
  { id: 'updated_at', label: 'Last edited' },
  { id: 'inserted_at', label: 'Created' },
  { id: 'name', label: 'Name' },
];

export function SnippetSidebar(props: SnippetSidebarProps) {
  const { projectRef } = props;
  const [search, setSearch] = useState('');
  const [renaming, setRenaming] = useState<SqlSnippet | null>(null);
  const [deleting, setDeleting] = useState<SqlSnippet | null>(null);
  const [name, setName] = useState('');
  // The name proposed for an untitled snippet (issue 14): replaced by the one read from its latest text when that
  // arrives, unless the user already typed another.
  const proposed = useRef<string | null>(null);
  const latestText = useTask(latestSnippetTextTask, {
    onDone: ({ id, sql }) => {
      const better = proposeSnippetName(sql);
      if (better === null || renamingId.current !== id) return;
      setName((current) => (current === proposed.current ? better : current));
      proposed.current = better;
    },
  });
  const renamingId = useRef<string | null>(null);
  // What follows a change (the list reloads, the tab follows, a toast) listens to the task's `task.done`.
  const task = useTask(snippetChangeTask, {
    onDone: ({ change, snippet }) => {
      props.onChanged();
      if (change.kind === 'create' && snippet) props.onOpen(snippet);
      if (change.kind === 'rename') {
        setRenaming(null);
        props.onRenamed(change.id, snippet?.name ?? change.name);
      }
      if (change.kind === 'delete') {
        setDeleting(null);
        props.onDeleted(change.id);
        toast.success('Snippet deleted', { timeout: 3000 });
      }
    },
  });
  const { running: busy, error } = task;
  const submit = (change: SnippetChange) => task.run({ projectRef, change });

  const needle = search.trim().toLowerCase();
  const matching = needle ? props.snippets.filter((s) => s.name.toLowerCase().includes(needle) || s.sql.toLowerCase().includes(needle)) : props.snippets;
  const shown = sortSnippets(matching, props.sort);
  const sections = [
    { id: 'favorites', title: 'Favorites', items: shown.filter((s) => s.favorite) },
    { id: 'snippets', title: 'Snippets', items: shown.filter((s) => !s.favorite) },
  ];

  return (
    <aside className={css.sidebar} aria-label="SQL snippets">
      <div className={css.sidebarHead}>
        <Button variant="primary" size="small" icon={<PlusIcon size={14} />} isPending={busy} onPress={() => submit({ kind: 'create' })}>
          New query
        </Button>
        <TextField aria-label="Search snippets" placeholder="Search snippets" value={search} onChange={setSearch} />
        <Select
          aria-label="Sort snippets"
          options={SORT_OPTIONS}
          selectedKey={props.sort}
          onSelectionChange={(key) => props.onSortChange(key as SnippetSort)}
        />
        {error && !renaming && !deleting ? <p className={css.errorText} role="alert">{error}</p> : null}
      </div>
      <div className={css.sidebarList}>
        {sections.map((section) => {
          const open = props.sections[section.id] ?? true;
          return (
            <section key={section.id} aria-label={section.title}>
              <button
                type="button"
                className={css.sectionTitle}
                aria-expanded={open}
                onClick={() => props.onSectionsChange({ ...props.sections, [section.id]: !open })}
              >
                {open ? '▾' : '▸'} {section.title} ({section.items.length})
              </button>
              {open
                ? section.items.map((snippet) => (
                    <div key={snippet.id} className={css.snippet} data-current={snippet.id === props.currentId || undefined}>
                      <Link to="/project/$ref/sql/$sqlId" params={{ ref: projectRef, sqlId: snippet.id }} className={css.snippetLink} title={snippet.name}>
                        {snippet.name}
                      </Link>
                      <Button
                        size="tiny"
                        variant="ghost"
                        aria-label={snippet.favorite ? `Remove ${snippet.name} from favorites` : `Add ${snippet.name} to favorites`}
                        onPress={() => submit({ kind: 'favorite', id: snippet.id, favorite: !snippet.favorite })}
                      >
                        {snippet.favorite ? '★' : '☆'}
                      </Button>
                      <MenuTrigger>
                        <Button size="tiny" variant="ghost" aria-label={`Actions for ${snippet.name}`}>
                          ⋯
                        </Button>
                        <Menu
                          onAction={(key) => {
                            if (key === 'rename') {
                              // An untitled snippet is offered a name read from its query (issue 14); a chosen one stays.
                              const untitled = snippet.name === NEW_SNIPPET_NAME;
                              const first = untitled ? (proposeSnippetName(snippet.sql) ?? snippet.name) : snippet.name;
                              proposed.current = first;
                              renamingId.current = snippet.id;
                              setName(first);
                              if (untitled) {
                                latestText.reset();
                                latestText.run({ ref: projectRef, snippetId: snippet.id });
                              }
                              setRenaming(snippet);
                            } else setDeleting(snippet);
                          }}
                        >
                          <MenuItem id="rename">Rename</MenuItem>
                          <MenuItem id="delete" isDestructive>
                            Delete
                          </MenuItem>
                        </Menu>
                      </MenuTrigger>
                    </div>
                  ))
                : null}
            </section>
          );
        })}
        {props.snippets.length > 0 && shown.length === 0 ? <p className={css.resultNote}>No snippet matches “{search}”.</p> : null}
      </div>
      <Modal isOpen={renaming !== null} onOpenChange={(open) => !open && setRenaming(null)}>
        <Dialog
          title="Rename snippet"
          footer={
            <Button variant="primary" isPending={busy} isDisabled={name.trim() === ''} onPress={() => renaming && submit({ kind: 'rename', id: renaming.id, name: name.trim() })}>
              Rename
            </Button>
          }
        >
          <TextField label="Name" value={name} onChange={setName} autoFocus errorMessage={error ?? undefined} isInvalid={error !== null} />
        </Dialog>
      </Modal>
      <Modal isOpen={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <Dialog
          title={`Delete “${deleting?.name ?? ''}”?`}
          description="The snippet is removed for good. Its text is not kept anywhere else."
          footer={
            <Button variant="danger" isPending={busy} onPress={() => deleting && submit({ kind: 'delete', id: deleting.id })}>
              Delete snippet
            </Button>
          }
        >
          {error ? <p className={css.errorText} role="alert">{error}</p> : null}
        </Dialog>
      </Modal>
    </aside>
  );
}
