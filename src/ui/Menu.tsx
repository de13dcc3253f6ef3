import type { ReactNode } from 'react';
import {
  Header,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection as AriaMenuSection,
  Separator,
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

/** A dropdown menu in a Popover: arrow keys move, Enter/Space activate, type-ahead, Escape closes. */
export function Menu<T extends object>({ placement = 'bottom start', ...props }: MenuProps<T>) {
  return (
    <Popover placement={placement}>
      <AriaMenu {...props} className={styles.menu} />
    </Popover>
  );
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
