// The shell's menus themselves (spec A2.3 header switchers, help, theme and account menus; A2.4 sidebar control):
// react-aria's MenuTrigger, Menu and Popover. This module is loaded on intent by the stand-ins in Header.tsx,
// Switchers.tsx, ThemeMenu.tsx and SidebarBehaviourMenu.tsx (LazyMenuTrigger), so a page's first load carries
// none of it (issue 15: first-load JavaScript). Each trigger Button spreads the stand-in's look.
import { useEffect, useRef } from 'react';
import { Button } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { selectThemePreference } from '../../../machines/theme.selectors.ts';
import { sidebarBehaviourOptions } from '../../../machines/sidebar.selectors.ts';
import { THEME_LABELS, THEME_PREFERENCES, type ThemePreference } from '../../domain/theme.ts';
import type { SidebarBehaviour } from '../../domain/navigation/sidebar-behaviour.ts';
import { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from '../../ui/Menu.tsx';
import { COMMUNITY_DOCS_HREF, newOrganizationHref, newProjectHref } from '../../domain/navigation/header.ts';
import { listScrolls, switchOrganizationPath, switchProjectPath } from '../../domain/navigation/layout.ts';
import { Icon } from '../../ui/Icon.tsx';
import type { MenuOpening, MenuTriggerLook } from '../../ui/LazyMenuTrigger.tsx';
import { ManagedByHint } from '../../ui/ManagedByHint.tsx';
import { Popover } from '../../ui/Popover.tsx';
import { isRouterPage } from './page-paths.ts';
import { NEW_PROJECT_KEY, ProjectSwitcherMenu } from './ProjectSwitcherMenu.tsx';
import { useAppContext, useFeatureFlags } from '../shared/useAppContext.ts';
import type { ShellData } from '../shared/useShellData.ts';
import { useSessionUser } from './useSessionUser.ts';
import { useTaskRead } from '../shared/useTask.ts';
import { branchesRead } from '../../actors/branches.ts';
import { platformAdminRead } from '../../actors/flags-admin.ts';
import { branchBadge, sortBranches, syntheticMainBranch } from '../../domain/branches/branches.ts';
import { useSidebarState } from './useSidebarState.ts';
import { docsHrefWithContext } from '../../domain/docs-search.ts';
import { OPEN_COMMAND_MENU_EVENT } from '../command-menu/providers.ts';
import { openAssistant, openFeedback } from './help/events.ts';
import { TELEMETRY_EVENTS } from '../../domain/telemetry-events.ts';
import * as css from './Header.css.ts';

type LoadedMenu<P> = P & MenuOpening & { look: MenuTriggerLook };

// spec A2.3: the header's organization, project and branch switchers; lists scroll above 7 entries.
const SCROLLING_LIST = { maxHeight: 7 * 32 + 120, overflowY: 'auto' } as const;

export function OrganizationSwitcherMenu({ data, look, defaultOpen, autoFocus }: LoadedMenu<{ data: ShellData }>) {
  const flags = useFeatureFlags();
  const navigate = useNavigate();
  const current = data.organization;
  const scrolls = listScrolls(data.organizations.length);
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button {...look} autoFocus={autoFocus} />
        <Menu
          // Opened by a press on the stand-in, so no focus strategy came with it: start on the first item, as a
          // keyboard-opened menu does (issue 24).
          autoFocus={defaultOpen ? 'first' : undefined}
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
export function ProjectSwitcherTrigger({ data, look, defaultOpen, autoFocus }: LoadedMenu<{ data: ShellData }>) {
  const flags = useFeatureFlags();
  const navigate = useNavigate();
  const router = useRouter();
  const newHref = data.slug ? newProjectHref(flags, data.slug) : null;
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button {...look} autoFocus={autoFocus} />
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
 * Branch switcher (spec A2.3, A4.4): the family of branches with their badges, the default branch on top and the
 * others newest first ('main' stands in while branching is off); 'No branches found'; 'Failed to load branches' inline.
 * Choosing one keeps the sub-route (switchProjectPath), like the project switcher; 'Manage branches' opens the page.
 */
export function BranchSwitcherMenu({ data, projectRef: ref, look, defaultOpen, autoFocus }: LoadedMenu<{ data: ShellData; projectRef: string }>) {
  const navigate = useNavigate();
  const router = useRouter();
  const read = useTaskRead(branchesRead, { ref }, ref);
  const enabled = (read.data?.length ?? 0) > 0;
  const branches = enabled ? sortBranches(read.data ?? []) : read.data ? [syntheticMainBranch(ref)] : [];
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button {...look} autoFocus={autoFocus} />
        <Menu
          // Opened by a press on the stand-in, so no focus strategy came with it: start on the first item, as a
          // keyboard-opened menu does (issue 24).
          autoFocus={defaultOpen ? 'first' : undefined}
          aria-label="Branches"
          style={SCROLLING_LIST}
          onAction={(key) => {
            const target = String(key);
            if (target === '__manage') void navigate({ to: '/project/$ref/branches', params: { ref } });
            else if (target === '__retry') read.retry();
            else if (target.startsWith('ref:') && target.slice(4) !== ref) {
              const isPage = (path: string) => isRouterPage(router, path);
              void navigate({ to: switchProjectPath({ pathname: data.pathname, search: location.search, newRef: target.slice(4), isPage }) });
            }
          }}
        >
          <MenuSection title="Branches">
            {read.error ? (
              <MenuItem id="__retry" textValue="Failed to load branches">
                <span role="alert">Failed to load branches</span>
              </MenuItem>
            ) : read.loading ? (
              <MenuItem id="__loading" isDisabled>
                Loading branches…
              </MenuItem>
            ) : branches.length === 0 ? (
              <MenuItem id="__none" isDisabled>
                No branches found
              </MenuItem>
            ) : (
              branches.map((branch) => (
                <MenuItem key={branch.id} id={`ref:${branch.project_ref}`} textValue={branch.name}>
                  <span>{branch.name}</span>
                  <span className={css.badge}>{branchBadge(enabled ? branch : null)}</span>
                  {branch.project_ref === ref && <Icon name="check" size={14} className={css.check} />}
                </MenuItem>
              ))
            )}
          </MenuSection>
          <MenuSeparator />
          <MenuItem id="__manage">
            Manage branches
          </MenuItem>
        </Menu>
    </MenuTrigger>
  );
}

export function HelpMenu({ data, look, defaultOpen, autoFocus }: LoadedMenu<{ data: ShellData }>) {
  const navigate = useNavigate();
  const { telemetryEvents } = useAppContext();
  // spec A7 help_button_clicked: each opening of Help, the first one too (a press on the stand-in opens it by default).
  const openedAtStart = useRef(false);
  useEffect(() => {
    if (!defaultOpen || openedAtStart.current) return;
    openedAtStart.current = true;
    telemetryEvents.track(TELEMETRY_EVENTS.helpButtonClicked);
  }, [defaultOpen, telemetryEvents]);
  return (
    <MenuTrigger defaultOpen={defaultOpen} onOpenChange={(open) => open && telemetryEvents.track(TELEMETRY_EVENTS.helpButtonClicked)}>
      <Button {...look} autoFocus={autoFocus} />
        <Menu
          // Opened by a press on the stand-in, so no focus strategy came with it: start on the first item, as a
          // keyboard-opened menu does (issue 24).
          autoFocus={defaultOpen ? 'first' : undefined}
          aria-label="Help"
          onAction={(key) => {
            if (key === 'support')
              void navigate({ to: '/support/new', search: { category: 'Problem', projectRef: data.ref } });
            // issue 22: the docs open in a new tab, remembering organization and project (spec A1).
            if (key === 'docs') window.open(docsHrefWithContext('/docs/', { ref: data.ref, orgSlug: data.organization?.slug }), '_blank', 'noopener');
            if (key === 'troubleshooting') window.open(docsHrefWithContext('/docs/troubleshooting', { ref: data.ref, orgSlug: data.organization?.slug }), '_blank', 'noopener');
            // spec A2.3: the community chat link (a local build's: the docs' Community section).
            if (key === 'community') window.open(docsHrefWithContext(COMMUNITY_DOCS_HREF, { ref: data.ref, orgSlug: data.organization?.slug }), '_blank', 'noopener');
            if (key === 'search-docs') window.dispatchEvent(new Event(OPEN_COMMAND_MENU_EVENT));
            // issue 21: the assistant's 'Support' chat and the feedback widget (HeaderTools.tsx).
            if (key === 'assistant') openAssistant();
            if (key === 'feedback') openFeedback();
          }}
        >
          <MenuSection title="AI Assistant">
            <MenuItem id="assistant">Ask the Support assistant</MenuItem>
          </MenuSection>
          <MenuSection title="Documentation">
            <MenuItem id="docs">Docs</MenuItem>
            <MenuItem id="search-docs">Search docs (Ctrl+K)</MenuItem>
            <MenuItem id="troubleshooting">Troubleshooting</MenuItem>
          </MenuSection>
          <MenuSection title="Need help with your project?">
            {data.isPlatform && (
              <MenuItem id="support">
                Contact support
              </MenuItem>
            )}
            <MenuItem id="feedback">Send feedback</MenuItem>
          </MenuSection>
          <MenuSection title="Community">
            <MenuItem id="community">Community chat</MenuItem>
          </MenuSection>
        </Menu>
    </MenuTrigger>
  );
}

export function UserMenu({ look, defaultOpen, autoFocus }: LoadedMenu<object>) {
  const navigate = useNavigate();
  const { session, config } = useAppContext();
  const user = useSessionUser();
  // Issue 21: platform admins get the flags page; nobody else sees the item (the platform mode only).
  const admin = useTaskRead(platformAdminRead, undefined, config.mode === 'platform' ? `admin:${user?.id ?? ''}` : 'none');
  const isAdmin = config.mode === 'platform' && admin.data?.admin === true;
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button {...look} autoFocus={autoFocus} />
        <Menu
          // Opened by a press on the stand-in, so no focus strategy came with it: start on the first item, as a
          // keyboard-opened menu does (issue 24).
          autoFocus={defaultOpen ? 'first' : undefined}
          aria-label="Account"
          onAction={(key) => {
            if (key === 'preferences') void navigate({ to: '/account/me' });
            if (key === 'security') void navigate({ to: '/account/security' });
            if (key === 'flags') void navigate({ to: '/account/flags' });
            if (key === 'signout') {
              session.send({ type: 'session.signOut', scope: 'local' });
              void navigate({ to: '/sign-in' });
            }
          }}
        >
          <MenuSection title={user?.email ?? 'Signed in'}>
            <MenuItem id="preferences">
              Account preferences
            </MenuItem>
            <MenuItem id="security">
              Security
            </MenuItem>
            {isAdmin ? <MenuItem id="flags">Feature flags</MenuItem> : null}
          </MenuSection>
          <MenuSeparator />
          <MenuItem id="signout">
            Log out
          </MenuItem>
        </Menu>
    </MenuTrigger>
  );
}

/** Theme toggle (spec A4.14): light, dark or system; the theme actor stores and syncs the choice. */
export function ThemeMenu({ look, defaultOpen, autoFocus }: LoadedMenu<object>) {
  const { theme } = useAppContext();
  const preference = useSelector(theme, selectThemePreference);
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button {...look} autoFocus={autoFocus} />
      <Menu
        // Opened by a press on the stand-in, so no focus strategy came with it: start on the first item, as a
        // keyboard-opened menu does (issue 24).
        autoFocus={defaultOpen ? 'first' : undefined}
        aria-label="Theme"
        placement="bottom end"
        selectionMode="single"
        selectedKeys={[preference]}
        onAction={(key) => theme.send({ type: 'theme.set', preference: key as ThemePreference })}
      >
        <MenuSection title="Theme">
          {THEME_PREFERENCES.map((value) => (
            <MenuItem key={value} id={value} icon={<Icon name={value === 'system' ? 'monitor' : value === 'dark' ? 'moon' : 'sun'} size={14} />}>
              {THEME_LABELS[value]}
            </MenuItem>
          ))}
        </MenuSection>
      </Menu>
    </MenuTrigger>
  );
}

/** The sidebar behaviour preference of spec A2.4: 'Expanded', 'Collapsed' or 'Expand on hover'. */
export function SidebarBehaviourMenu({ look, defaultOpen, autoFocus }: LoadedMenu<object>) {
  const { sidebar } = useAppContext();
  const { behaviour } = useSidebarState();
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button {...look} autoFocus={autoFocus} />
      <Menu
        // Opened by a press on the stand-in, so no focus strategy came with it: start on the first item, as a
        // keyboard-opened menu does (issue 24).
        autoFocus={defaultOpen ? 'first' : undefined}
        aria-label="Sidebar control"
        placement="top start"
        selectionMode="single"
        selectedKeys={[behaviour]}
        onAction={(key) => sidebar.send({ type: 'sidebar.setBehaviour', behaviour: key as SidebarBehaviour })}
      >
        <MenuSection title="Sidebar control">
          {sidebarBehaviourOptions.map((option) => (
            <MenuItem key={option.value} id={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </MenuSection>
      </Menu>
    </MenuTrigger>
  );
}
