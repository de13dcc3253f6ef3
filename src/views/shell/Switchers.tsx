import { Button } from 'react-aria-components';
import { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from '../../ui/Menu.tsx';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { newOrganizationHref, newProjectHref } from '../../domain/navigation/header.ts';
import { listScrolls, switchOrganizationPath, switchProjectPath } from '../../domain/navigation/layout.ts';
import { Icon } from '../../ui/Icon.tsx';
import { ManagedByHint } from '../../ui/ManagedByHint.tsx';
import { Popover } from '../../ui/Popover.tsx';
import { isRouterPage } from './page-paths.ts';
import { NEW_PROJECT_KEY, ProjectSwitcherMenu } from './ProjectSwitcherMenu.tsx';
import { useAppContext } from '../shared/useAppContext.ts';
import type { ShellData } from '../shared/useShellData.ts';
import * as css from './Header.css.ts';

// spec A2.3: the header's organization, project and branch switchers; lists scroll above 7 entries.
const SCROLLING_LIST = { maxHeight: 7 * 32 + 120, overflowY: 'auto' } as const;

export function OrganizationSwitcher({ data }: { data: ShellData }) {
  const { flags } = useAppContext();
  const navigate = useNavigate();
  const current = data.organization;
  const scrolls = listScrolls(data.organizations.length);
  return (
    <MenuTrigger>
      <Button className={css.trigger} aria-label="Switch organization" data-testid="org-switcher">
        <span>{current?.name ?? 'Select an organization'}</span>
        {current && <span className={css.badge}>{current.plan.name}</span>}
        <Icon name="chevronsUpDown" size={14} />
      </Button>
        <Menu
                    aria-label="Organizations"
          style={scrolls ? SCROLLING_LIST : undefined}
          onAction={(key) => {
            const target = String(key);
            if (target === '__all') void navigate({ to: '/organizations' });
            else if (target === '__new') void navigate({ to: newOrganizationHref(flags) ?? '/organizations' });
            else void navigate({ to: switchOrganizationPath({ pathname: data.pathname, newSlug: target }) });
          }}
        >
          <MenuSection title="Organizations">
            {data.organizations.length === 0 ? (
              <MenuItem id="__none" isDisabled>
                No organizations found
              </MenuItem>
            ) : (
              data.organizations.map((org) => (
                <MenuItem key={org.slug} id={org.slug} textValue={org.name}>
                  <span>{org.name}</span>
                  <span className={css.badge}>{org.plan.name}</span>
                  <ManagedByHint managedBy={org.managed_by} inMenu />
                  {org.slug === current?.slug && <Icon name="check" size={14} className={css.check} />}
                </MenuItem>
              ))
            )}
          </MenuSection>
          <MenuSeparator />
          <MenuItem id="__all">
            All organizations
          </MenuItem>
          {newOrganizationHref(flags) && (
            <MenuItem id="__new">
              <Icon name="plus" size={14} /> New organization
            </MenuItem>
          )}
        </Menu>
    </MenuTrigger>
  );
}

/**
 * Project switcher (spec A2.3): searchable (debounce 500 ms) and infinite, on the same list machine as the
 * organization's projects page. Choosing a project keeps the sub-route (switchProjectPath), landing on a page of the
 * router (a cut path that is no page grows back to the current page or falls back to a parent page).
 */
export function ProjectSwitcher({ data }: { data: ShellData }) {
  const { flags } = useAppContext();
  const navigate = useNavigate();
  const router = useRouter();
  const newHref = data.slug ? newProjectHref(flags, data.slug) : null;
  return (
    <MenuTrigger>
      <Button className={css.trigger} aria-label="Switch project" data-testid="project-switcher">
        <span>{data.project?.name ?? data.ref}</span>
        <Icon name="chevronsUpDown" size={14} />
      </Button>
      <Popover placement="bottom start">
        {data.slug ? (
          <ProjectSwitcherMenu
            key={data.slug}
            slug={data.slug}
            currentRef={data.ref}
            newProjectHref={newHref}
            onAction={(target) => {
              if (target === NEW_PROJECT_KEY) {
                if (newHref) void navigate({ to: newHref });
              } else {
                const isPage = (path: string) => isRouterPage(router, path);
                void navigate({ to: switchProjectPath({ pathname: data.pathname, search: location.search, newRef: target, isPage }) });
              }
            }}
          />
        ) : (
          <p className={css.menu}>No results found.</p>
        )}
      </Popover>
    </MenuTrigger>
  );
}

/**
 * Branch switcher. Branching is not built yet, so the synthetic 'main' branch of spec A4.4 stands in
 * ('Production' badge); the list links to the branches page.
 */
export function BranchSwitcher({ data }: { data: ShellData }) {
  const navigate = useNavigate();
  if (!data.ref) return null;
  const ref = data.ref;
  return (
    <MenuTrigger>
      <Button className={css.trigger} aria-label="Switch branch" data-testid="branch-switcher">
        <Icon name="branch" size={14} />
        <span>main</span>
        <span className={css.badge}>Production</span>
        <Icon name="chevronsUpDown" size={14} />
      </Button>
        <Menu
                    aria-label="Branches"
          onAction={(key) => {
            if (key === '__manage') void navigate({ to: '/project/$ref/branches', params: { ref } });
          }}
        >
          <MenuItem id="main" textValue="main">
            <span>main</span>
            <span className={css.badge}>Production</span>
            <Icon name="check" size={14} className={css.check} />
          </MenuItem>
          <MenuSeparator />
          <MenuItem id="__manage">
            Manage branches
          </MenuItem>
        </Menu>
    </MenuTrigger>
  );
}
