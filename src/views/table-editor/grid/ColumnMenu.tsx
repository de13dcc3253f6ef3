// A column header's menu (Edit column / Delete column), made real on intent (issue 25: opening a table). Every
// header had its own react-aria MenuTrigger, Button and closed Menu from the first render: each renders its
// collection into a hidden tree and sets up press, hover and focus handling, all before the first row is painted,
// for menus that are rarely opened. Until the pointer comes over it, it takes focus or is pressed, a plain button
// with the trigger's look, id and label stands in; then the real menu replaces it, open when the stand-in was
// pressed (click, Enter, Space, ↓/↑, or the grid's Shift+F10, which sends ↓ to the trigger by its id).
import { useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../ui/Button.tsx';
import { buttonClasses } from '../../../ui/ButtonLook.tsx';
import { Menu, MenuItem, MenuTrigger } from '../../../ui/Menu.tsx';

export interface ColumnMenuProps {
  /** The trigger's id: the grid's keyboard model finds it by this. */
  id: string;
  columnName: string;
  onEdit: () => void;
  onDelete: () => void;
}

const LOOK = { variant: 'ghost', size: 'tiny', children: '⋯' } as const;
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

export function ColumnMenu({ id, columnName, onEdit, onDelete }: ColumnMenuProps) {
  // null: the stand-in. Otherwise the real menu: opened (with the focus on its first item) when the stand-in was
  // pressed, its trigger focused when the stand-in took the focus.
  const [real, setReal] = useState<{ open: boolean; focus: boolean } | null>(null);
  const label = `Column ${columnName} actions`;
  if (real) {
    return (
      <MenuTrigger defaultOpen={real.open}>
        <Button {...LOOK} id={id} excludeFromTabOrder autoFocus={real.focus && !real.open} aria-label={label} />
        <Menu
          // Opened by a press on the stand-in, so no focus strategy came with it: start on the first item, as a
          // keyboard-opened menu does (issue 24).
          autoFocus={real.open ? 'first' : undefined}
          onAction={(key) => (key === 'edit' ? onEdit() : onDelete())}
        >
          <MenuItem id="edit">Edit column</MenuItem>
          <MenuItem id="delete" isDestructive>
            Delete column
          </MenuItem>
        </Menu>
      </MenuTrigger>
    );
  }
  // A hover or a focus swaps at once (flushSync below): its update would otherwise wait, and the press that follows land on the
  // stand-in, opening the real one just before its own click toggled it shut again (seen in e2e under load).
  const open = () => setReal({ open: true, focus: false });
  return (
    <button
      type="button"
      id={id}
      tabIndex={-1}
      className={buttonClasses(LOOK)}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => flushSync(() => setReal({ open: false, focus: false }))}
      onFocus={() => flushSync(() => setReal({ open: false, focus: true }))}
      // A press counts from the pointer going down (a touch has no hover before it): the real trigger that replaces
      // the stand-in never sees that down, so it opens from here.
      onPointerDown={(event) => event.button === 0 && open()}
      onClick={open}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      }}
    >
      {LOOK.children}
    </button>
  );
}
