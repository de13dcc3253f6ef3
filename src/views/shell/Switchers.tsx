import { Icon } from '../../ui/Icon.tsx';
import { LazyMenuTrigger } from '../../ui/LazyMenuTrigger.tsx';
import type { ShellData } from '../shared/useShellData.ts';
import * as css from './Header.css.ts';

// spec A2.3: the header's organization, project and branch switchers. Their menus (ShellMenus.tsx) load on intent;
// until then a native button with the same look stands in (issue 15: first-load JavaScript).
const loadMenus = () => import('./ShellMenus.tsx');

export function OrganizationSwitcher({ data }: { data: ShellData }) {
  const current = data.organization;
  return (
    <LazyMenuTrigger
      load={loadMenus}
      look={{
        className: css.trigger,
        // The name says what is current (issue 24): 'Switch organization, Acme'.
        'aria-label': current ? `Switch organization, ${current.name}` : 'Switch organization',
        'data-testid': 'org-switcher',
        children: (
          <>
            <span>{current?.name ?? 'Select an organization'}</span>
            {current && <span className={css.badge}>{current.plan.name}</span>}
            <Icon name="chevronsUpDown" size={14} />
          </>
        ),
      }}
      render={(menus, look, opening) => <menus.OrganizationSwitcherMenu data={data} look={look} {...opening} />}
    />
  );
}

/**
 * Project switcher (spec A2.3): searchable (debounce 500 ms) and infinite, on the same list machine as the
 * organization's projects page. Choosing a project keeps the sub-route (switchProjectPath), landing on a page of the
 * router (a cut path that is no page grows back to the current page or falls back to a parent page).
 */
export function ProjectSwitcher({ data }: { data: ShellData }) {
  return (
    <LazyMenuTrigger
      load={loadMenus}
      look={{
        className: css.trigger,
        'aria-label': `Switch project, ${data.project?.name ?? data.ref}`,
        'data-testid': 'project-switcher',
        children: (
          <>
            <span>{data.project?.name ?? data.ref}</span>
            <Icon name="chevronsUpDown" size={14} />
          </>
        ),
      }}
      render={(menus, look, opening) => <menus.ProjectSwitcherTrigger data={data} look={look} {...opening} />}
    />
  );
}

/**
 * Branch switcher. Branching is not built yet, so the synthetic 'main' branch of spec A4.4 stands in
 * ('Production' badge); the list links to the branches page.
 */
export function BranchSwitcher({ data }: { data: ShellData }) {
  if (!data.ref) return null;
  const ref = data.ref;
  return (
    <LazyMenuTrigger
      load={loadMenus}
      look={{
        className: css.trigger,
        'aria-label': 'Switch branch, main',
        'data-testid': 'branch-switcher',
        children: (
          <>
            <Icon name="branch" size={14} />
            <span>main</span>
            <span className={css.badge}>Production</span>
            <Icon name="chevronsUpDown" size={14} />
          </>
        ),
      }}
      render={(menus, look, opening) => <menus.BranchSwitcherMenu projectRef={ref} look={look} {...opening} />}
    />
  );
}
