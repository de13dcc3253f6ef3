import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { settingsMenu } from '../../domain/navigation/settings-menu.ts';
import { databaseMenu } from '../../domain/navigation/database-menu.ts';
import { authMenu } from '../../domain/navigation/auth-menu.ts';
import { isAtOrBelow } from '../../domain/navigation/paths.ts';
import type { NavGroup } from '../../domain/navigation/nav-item.ts';
import { useFeatureFlags } from '../shared/useAppContext.ts';
import type { ShellData } from '../shared/useShellData.ts';
import * as css from './ProductMenu.css.ts';

/** The product menu beside the sidebar on settings, database and auth pages (spec A2.5–A2.7). */
export function ProductMenu({ data }: { data: ShellData }) {
  const flags = useFeatureFlags();
  const id = useId();
  const ref = data.ref;
  if (!ref) return null;
  const base = `/project/${ref}`;
  let title: string;
  let groups: NavGroup[];
  if (isAtOrBelow(data.pathname, `${base}/settings`)) {
    title = 'Settings';
    groups = settingsMenu({ ref, orgSlug: data.slug, status: data.project?.status, isPlatform: data.isPlatform, flags });
  } else if (isAtOrBelow(data.pathname, `${base}/database`)) {
    title = 'Database';
    groups = databaseMenu({ ref, isPlatform: data.isPlatform, flags });
  } else if (isAtOrBelow(data.pathname, `${base}/auth`)) {
    title = 'Authentication';
    groups = authMenu({ ref, isPlatform: data.isPlatform, flags });
  } else {
    return null;
  }
  return (
    <nav className={css.menu} aria-label={`${title} menu`} data-testid="product-menu">
      {/* Names, not headings: the menu comes before the page's h1, which must open the outline (issue 24); the nav
          is named by its aria-label and each group by its title. */}
      <p className={css.title}>{title}</p>
      {groups.map((group) => (
        <div key={group.key} className={css.group} role="group" aria-labelledby={`${id}-${group.key}`}>
          <p id={`${id}-${group.key}`} className={css.groupTitle}>{group.title}</p>
          {group.items.map((item) => (
            <Link key={item.key} to={item.href} className={css.link} aria-disabled={item.disabled || undefined}>
              <span>{item.label}</span>
              {item.badge && <span className={css.label}>{item.badge}</span>}
            </Link>
          ))}
        </div>
      ))}
    </nav>
  );
}
