// A column header's menu (Edit column / Delete column), made real on intent (issue 25: opening a table). Every
// header had its own react-aria MenuTrigger, Button and closed Menu from the first render: each renders its
// collection into a hidden tree and sets up press, hover and focus handling, all before the first row is painted,
// for menus that are rarely opened. Until the pointer comes over it, it takes focus or is pressed, a plain button
// with the trigger's look, id and label stands in; then the real menu replaces it, open when the stand-in was
// pressed (click, Enter, Space, ↓/↑, or the grid's Shift+F10, which sends ↓ to the trigger by its id).
import { Button } from '../../../ui/Button.tsx';
import { buttonClasses } from '../../../ui/ButtonLook.tsx';
import { Menu, MenuItem, MenuTrigger } from '../../../ui/Menu.tsx';
import { useRealOnIntent } from '../../../ui/useRealOnIntent.ts';

export interface ColumnMenuProps {
  /** The trigger's id: the grid's keyboard model finds it by this. */
  id: string;
  columnName: string;
  onEdit: () => void;
  onDelete: () => void;
}

const LOOK = { variant: 'ghost', size: 'tiny', children: '⋯' } as const;

export function ColumnMenu({ id, columnName, onEdit, onDelete }: ColumnMenuProps) {
  // null: the stand-in. Otherwise the real menu: opened (with the focus on its first item) when the stand-in was
  // pressed, its trigger focused when the stand-in took the focus.
  const { real, standIn } = useRealOnIntent(false);
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
  return (
    <button
      type="button"
      id={id}
      tabIndex={-1}
      className={buttonClasses(LOOK)}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      {...standIn}
    >
      {LOOK.children}
    </button>
  );
}
