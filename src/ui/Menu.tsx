import { useContext, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import {
  Header,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection as AriaMenuSection,
  OverlayTriggerStateContext,
  PopoverContext,
  Separator,
  useSlottedContext,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  type PopoverProps as AriaPopoverProps,
} from 'react-aria-components';
import { Popover } from './Popover.tsx';
import * as styles from './Menu.css.ts';

export { MenuTrigger, SubmenuTrigger } from 'react-aria-components';

export interface MenuProps<T> extends Omit<AriaMenuProps<T>, 'className'> {
  placement?: AriaPopoverProps['placement'];
}

/**
 * A dropdown menu in a Popover: arrow keys move, Enter/Space activate, type-ahead, Escape closes, and Tab closes it
 * and goes on from its trigger (issue 24: Tab did nothing, the popover keeps the focus inside and a menu has no tab
 * stops) — to what follows the trigger, Shift+Tab to what precedes it, as from a native select.
 */
export function Menu<T extends object>({ placement = 'bottom start', ...props }: MenuProps<T>) {
  const trigger = useSlottedContext(PopoverContext)?.triggerRef;
  const state = useContext(OverlayTriggerStateContext);
  // Capture: before the menu's own keys and the popover's focus containment (which would keep Tab inside).
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey || !state) return;
    event.preventDefault();
    event.stopPropagation();
    const from = trigger?.current ?? null;
    const next = from ? tabbableBeside(from, event.shiftKey ? -1 : 1) : null;
    // Closed synchronously so the focus moved next is not taken back into the popover or restored to the trigger.
    flushSync(() => state.close());
    (next ?? (from instanceof HTMLElement ? from : null))?.focus();
  };
  return (
    <Popover placement={placement}>
      <div onKeyDownCapture={onKeyDownCapture}>
        <AriaMenu {...props} className={styles.menu} />
      </div>
    </Popover>
  );
}

const TABBABLE = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';

/** The tab stop after (1) or before (-1) an element in document order, outside open popovers. */
function tabbableBeside(element: Element, direction: 1 | -1): HTMLElement | null {
  const all = Array.from(element.ownerDocument.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (candidate) =>
      candidate === element ||
      (candidate.tabIndex >= 0 &&
        !(candidate as HTMLButtonElement).disabled &&
        !candidate.closest('[hidden], [data-trigger]') &&
        // Layout-less environments (tests) have no checkVisibility: everything counts as shown there.
        (typeof candidate.checkVisibility !== 'function' || candidate.checkVisibility({ visibilityProperty: true }))),
  );
  const at = all.indexOf(element as HTMLElement);
  return at === -1 ? null : (all[at + direction] ?? null);
}

export interface MenuItemProps<T> extends Omit<AriaMenuItemProps<T>, 'className' | 'children'> {
  children: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Styles the item as a destructive action (e.g. 'Delete project'). */
  isDestructive?: boolean;
}

export function MenuItem<T extends object>({ children, description, icon, isDestructive, textValue, ...props }: MenuItemProps<T>) {
  const text = textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <AriaMenuItem
      {...props}
      textValue={text}
      className={[styles.item, isDestructive ? styles.destructiveItem : ''].filter(Boolean).join(' ')}
    >
      {icon}
      <span>
        {children}
        {description ? <span className={styles.itemDescription}>{description}</span> : null}
      </span>
    </AriaMenuItem>
  );
}

export interface MenuSectionProps {
  title?: ReactNode;
  children: ReactNode;
  id?: string;
}

export function MenuSection({ title, children, id }: MenuSectionProps) {
  return (
    <AriaMenuSection id={id}>
      {title ? <Header className={styles.sectionHeader}>{title}</Header> : null}
      {children}
    </AriaMenuSection>
  );
}

export function MenuSeparator() {
  return <Separator className={styles.separator} />;
}
