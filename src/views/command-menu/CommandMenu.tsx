import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { useDocsSearchProvider } from '../docs-search/useDocsSearchProvider.ts';
import type { CommandGroup, CommandItem, CommandMenuContext } from './providers.ts';
import { useProjectPagesProvider } from './useProjectPagesProvider.ts';
import * as css from './CommandMenu.css.ts';

const STATUS_TEXT: Partial<Record<CommandGroup['status'], string>> = {
  loading: 'Searching…',
  empty: 'No results found.',
};

/**
 * The command menu (Ctrl/⌘-K): one search field over groups of items from providers (docs search, project pages).
 * A combobox with a listbox: arrows move the active option, Enter opens it, Escape closes the menu.
 */
export function CommandMenu({ onClose, ref, orgSlug }: { onClose: () => void; ref?: string; orgSlug?: string }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const context: CommandMenuContext = useMemo(() => ({ ...(ref ? { ref } : {}), ...(orgSlug ? { orgSlug } : {}), close: onClose }), [ref, orgSlug, onClose]);
  // Providers in display order (issue 21 adds its own here).
  const groups = [useProjectPagesProvider(query, context), useDocsSearchProvider(query, context)];
  const items = groups.flatMap((g) => g.items);
  const activeIndex = items.length ? Math.min(active, items.length - 1) : -1;
  const baseId = useId();
  const optionId = (item: CommandItem) => `${baseId}-${item.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const listId = `${baseId}-list`;

  const open = (item: CommandItem | undefined) => {
    if (!item) return;
    item.run();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (items.length ? (Math.min(i, items.length - 1) + 1) % items.length : 0));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (items.length ? (Math.min(i, items.length - 1) - 1 + items.length) % items.length : 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(items[activeIndex]);
    }
  };

  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(isOpen) => !isOpen && onClose()} className={css.overlay}>
      <Modal className={css.modal}>
        <Dialog aria-label="Command menu" data-testid="command-menu" style={{ outline: 'none' }}>
          <input
            className={css.input}
            role="combobox"
            aria-label="Search docs and pages"
            aria-expanded={items.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeIndex >= 0 ? optionId(items[activeIndex]!) : undefined}
            placeholder="Search docs, or type a page name…"
            autoFocus
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <div id={listId} role="listbox" aria-label="Results" className={css.list}>
            {groups.map((group) => {
              if (group.status === 'idle' && group.items.length === 0) return null;
              const headingId = `${baseId}-${group.id}-heading`;
              return (
                <div key={group.id} role="group" aria-labelledby={headingId} data-testid={`command-group-${group.id}`} data-status={group.status}>
                  <p id={headingId} className={css.groupHeading} role="presentation">
                    {group.heading}
                  </p>
                  {STATUS_TEXT[group.status] && group.items.length === 0 && (
                    <p className={css.status} role="presentation">
                      {STATUS_TEXT[group.status]}
                    </p>
                  )}
                  {group.note && (
                    <p className={css.status} role="presentation" data-testid={`command-group-${group.id}-note`}>
                      {group.note}
                    </p>
                  )}
                  {group.items.map((item) => {
                    const index = items.indexOf(item);
                    return (
                      <div
                        key={item.id}
                        id={optionId(item)}
                        role="option"
                        aria-selected={index === activeIndex}
                        className={`${css.option}${group.stale ? ` ${css.stale}` : ''}`}
                        onMouseMove={() => setActive(index)}
                        onClick={() => open(item)}
                      >
                        <span className={css.optionLabel}>{item.label}</span>
                        {item.detail && <span className={css.optionDetail}>{item.detail}</span>}
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
          <p className={css.footer} aria-live="polite" data-testid="command-menu-status">
            {groups.find((g) => g.id === 'docs')?.status === 'partial' ? 'Partial results: still searching…' : '↑↓ to move · Enter to open · Esc to close'}
          </p>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
