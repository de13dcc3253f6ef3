// Shapes shared by the sidebar and menu rules (spec A2.4–A2.7).
import { isAtOrBelow, stripQueryAndHash } from './paths.ts';

/** Labels shown beside a menu item. spec A2.5, A2.6, A2.7 */
export type NavBadge = 'NEW' | 'ALPHA' | 'BETA' | 'Coming soon';

/** One link of a sidebar or menu. */
export interface NavItem {
  key: string;
  label: string;
  href: string;
  badge?: NavBadge;
  /** Extra routes (absolute paths) under which this item counts as active. */
  pages?: string[];
  disabled?: boolean;
}

/** A titled group of menu items. */
export interface NavGroup {
  key: string;
  title: string;
  items: NavItem[];
}

/** Drops groups left without items. */
export function nonEmptyGroups<G extends { items: readonly unknown[] }>(groups: readonly G[]): G[] {
  return groups.filter((group) => group.items.length > 0);
}

/** True when the pathname is at or below the item's href path (query ignored) or one of its extra pages. */
export function isNavItemActive(item: Pick<NavItem, 'href' | 'pages'>, pathname: string): boolean {
  const path = stripQueryAndHash(pathname);
  return [item.href, ...(item.pages ?? [])].some((target) => isAtOrBelow(path, stripQueryAndHash(target)));
}
