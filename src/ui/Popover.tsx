import type { ReactNode } from 'react';
import {
  Dialog,
  OverlayArrow,
  Popover as AriaPopover,
  type DialogProps,
  type PopoverProps as AriaPopoverProps,
} from 'react-aria-components';
import * as styles from './Popover.css.ts';

export { DialogTrigger as PopoverTrigger } from 'react-aria-components';

export interface PopoverProps extends Omit<AriaPopoverProps, 'className' | 'children'> {
  children: ReactNode;
  showArrow?: boolean;
  className?: string;
}

/** A floating layer anchored to its trigger. Menus and selects put their lists in it. */
export function Popover({ children, showArrow, className, offset = 6, ...props }: PopoverProps) {
  return (
    <AriaPopover {...props} offset={offset} className={[styles.popover, className].filter(Boolean).join(' ')}>
      {showArrow ? (
        <OverlayArrow>
          <svg width={12} height={12} viewBox="0 0 12 12" className={styles.arrow}><path d="M0 0 L6 6 L12 0" /></svg>
        </OverlayArrow>
      ) : null}
      {children}
    </AriaPopover>
  );
}

export interface PopoverDialogProps extends Omit<PopoverProps, 'children'> {
  children: DialogProps['children'];
  'aria-label'?: string;
}

/** A Popover holding free content (help, notifications): a non-modal dialog closed by Escape or outside press. */
export function PopoverDialog({ children, 'aria-label': ariaLabel, ...props }: PopoverDialogProps) {
  return (
    <Popover {...props}>
      <Dialog aria-label={ariaLabel} className={styles.dialog}>{children}</Dialog>
    </Popover>
  );
}
