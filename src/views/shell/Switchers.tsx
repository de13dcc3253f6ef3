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
 * Branch switcher (spec A2.3, A4.4): the current branch's name — the branch project's name on a branch, 'main' (the
 * default branch, or the synthetic one while branching is off) otherwise. The list loads when the menu opens.
 */
export function BranchSwitcher({ data }: { data: ShellData }) {
  if (!data.ref) return null;
  const ref = data.ref;
  const isBranch = Boolean(data.project?.parent_project_ref);
  const name = isBranch ? (data.project?.name ?? ref) : 'main';
  return (
    <LazyMenuTrigger
      load={loadMenus}
      look={{
        className: css.trigger,
        'aria-label': `Switch branch, ${name}`,
        'data-testid': 'branch-switcher',
        children: (
          <>
            <Icon name="branch" size={14} />
            <span>{name}</span>
            {isBranch ? null : <span className={css.badge}>Production</span>}
            <Icon name="chevronsUpDown" size={14} />
          </>
        ),
      }}
      render={(menus, look, opening) => <menus.BranchSwitcherMenu data={data} projectRef={ref} look={look} {...opening} />}
    />
  );
}
