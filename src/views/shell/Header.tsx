import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { homeLinkTarget } from '../../domain/navigation/layout.ts';
import { showsLargeLogo } from '../../domain/navigation/header.ts';
import { readLastVisitedOrg } from '../../actors/last-visited.ts';
import { Icon } from '../../ui/Icon.tsx';
import { LazyMenuTrigger } from '../../ui/LazyMenuTrigger.tsx';
import { BranchSwitcher, OrganizationSwitcher, ProjectSwitcher } from './Switchers.tsx';
import { ThemeMenu } from './ThemeMenu.tsx';
import { UsageLimitsBadge } from './UsageLimitsBadge.tsx';
import { HeaderTools } from './HeaderTools.tsx';
import { LazyNotificationsBell } from '../notifications/LazyNotificationsBell.tsx';
import { PlainButton } from '../../ui/PlainButton.tsx';
import { PlainHint } from '../../ui/PlainHint.tsx';
import { CONNECT_BUTTON } from '../../domain/connect/button.ts';
import { useFeatureFlags } from '../shared/useAppContext.ts';
import type { ShellData } from '../shared/useShellData.ts';
import * as css from './Header.css.ts';

// spec A4.4: only on a branch project, so it loads only there.
const MergeRequestButton = lazy(() => import('./MergeRequestButton.tsx'));

/** The desktop header of spec A2.3. */
export function Header({ data }: { data: ShellData }) {
  const flags = useFeatureFlags();
  const home = homeLinkTarget({
    isPlatform: data.isPlatform,
    lastVisitedOrgSlug: readLastVisitedOrg(data.organizations.map((o) => o.slug)),
    currentOrgSlug: data.organization?.slug,
    firstOrgSlug: data.organizations[0]?.slug,
  });
  const large = showsLargeLogo(flags);
  return (
    <header className={css.header}>
      <Link to={home} className={css.logo} aria-label="Strata home" data-testid="home-link">
        <img src="/dashboard/favicon.svg" alt="" width={large ? 28 : 22} height={large ? 28 : 22} />
      </Link>
      {data.isPlatform && (data.organization || data.organizations.length > 0) && <OrganizationSwitcher data={data} />}
      {data.ref && (
        <>
          <span className={css.slash}>/</span>
          <ProjectSwitcher data={data} />
          <span className={css.slash}>/</span>
          <BranchSwitcher data={data} />
          {data.project?.parent_project_ref ? (
            <Suspense fallback={null}>
              <MergeRequestButton key={data.ref} projectRef={data.ref} />
            </Suspense>
          ) : null}
        </>
      )}
      {data.isPlatform && data.slug && <UsageLimitsBadge key={data.slug} slug={data.slug} />}
      {data.ref && data.project ? <ConnectButton status={data.project.status} /> : null}
      <div className={css.spacer} />
      <HeaderTools data={data} />
      <LazyNotificationsBell data={data} />
      <HelpMenu data={data} />
      <ThemeMenu />
      <UserMenu />
    </header>
  );
}

/** spec A2.10: opens the Connect dialog (?showConnect=true); disabled with its reason unless ACTIVE_HEALTHY. */
export function ConnectButton({ status }: { status: string }) {
  const navigate = useNavigate();
  // Native, with a plain hint: react-aria's Button and Tooltip were most of the shell's first-load script (issue 15).
  const button = (
    <PlainButton
      variant="default"
      size="tiny"
      isDisabled={status !== 'ACTIVE_HEALTHY'}
      testId="connect-button"
      onPress={() => void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, showConnect: true }) })}
    >
      {CONNECT_BUTTON.label}
    </PlainButton>
  );
  return status === 'ACTIVE_HEALTHY' ? button : <PlainHint reason={CONNECT_BUTTON.disabledTooltip}>{button}</PlainHint>;
}

// The help and account menus load on intent (ShellMenus.tsx), like the switchers (issue 15: first-load JavaScript).
const loadMenus = () => import('./ShellMenus.tsx');

export function HelpMenu({ data }: { data: ShellData }) {
  return (
    <LazyMenuTrigger
      load={loadMenus}
      look={{ className: css.iconButton, 'aria-label': 'Help', children: <Icon name="help" size={16} /> }}
      render={(menus, look, opening) => <menus.HelpMenu data={data} look={look} {...opening} />}
    />
  );
}

export function UserMenu() {
  return (
    <LazyMenuTrigger
      load={loadMenus}
      look={{ className: css.iconButton, 'aria-label': 'Account', 'data-testid': 'user-menu', children: <Icon name="user" size={16} /> }}
      render={(menus, look, opening) => <menus.UserMenu look={look} {...opening} />}
    />
  );
}
