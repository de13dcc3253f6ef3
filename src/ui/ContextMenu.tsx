// A menu opened at a point (a right-click) or beside an element (the ContextMenu key, Shift+F10), with no trigger
// button of its own: react-aria's Popover anchored to a zero-size element placed there. The menu takes the focus on
// its first item; Escape, an outside press or an action close it, and `onClose` gives the focus back to its owner.
import { useRef, type ReactNode } from 'react';
import { Menu as AriaMenu, type Key } from 'react-aria-components';
import { Popover } from './Popover.tsx';
import * as styles from './Menu.css.ts';

export interface ContextMenuProps {
  /** Where it opens, in viewport pixels. */
  at: { x: number; y: number };
  'aria-label': string;
  onAction: (key: Key) => void;
  onClose: () => void;
  children: ReactNode;
}

export function ContextMenu({ at, onAction, onClose, children, 'aria-label': label }: ContextMenuProps) {
  const anchor = useRef<HTMLSpanElement>(null);
  return (
    <>
      <span ref={anchor} aria-hidden style={{ position: 'fixed', left: at.x, top: at.y, width: 0, height: 0, pointerEvents: 'none' }} />
      <Popover triggerRef={anchor} isOpen onOpenChange={(open) => !open && onClose()} placement="bottom start" offset={2}>
        <AriaMenu
          aria-label={label}
          autoFocus="first"
          className={styles.menu}
          onAction={(key) => {
            onClose();
            onAction(key);
          }}
        >
          {children}
        </AriaMenu>
      </Popover>
    </>
  );
}
