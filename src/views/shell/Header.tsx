import { Link, useNavigate } from '@tanstack/react-router';
import { Button } from 'react-aria-components';
import { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from '../../ui/Menu.tsx';
import { homeLinkTarget } from '../../domain/navigation/layout.ts';
import { showsLargeLogo } from '../../domain/navigation/header.ts';
import { readLastVisitedOrg } from '../../actors/last-visited.ts';
import { Icon } from '../../ui/Icon.tsx';
import { BranchSwitcher, OrganizationSwitcher, ProjectSwitcher } from './Switchers.tsx';
import { ThemeMenu } from './ThemeMenu.tsx';
import { UsageLimitsBadge } from './UsageLimitsBadge.tsx';
import { useAppContext } from '../shared/useAppContext.ts';
import { useSessionUser } from './useSessionUser.ts';
import type { ShellData } from '../shared/useShellData.ts';
import * as css from './Header.css.ts';

/** The desktop header of spec A2.3. */
export function Header({ data }: { data: ShellData }) {
  const { flags } = useAppContext();
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
        </>
      )}
      {data.isPlatform && data.slug && <UsageLimitsBadge key={data.slug} slug={data.slug} />}
      <div className={css.spacer} />
      <HelpMenu data={data} />
      <ThemeMenu />
      <UserMenu />
    </header>
  );
}

function HelpMenu({ data }: { data: ShellData }) {
  const navigate = useNavigate();
  return (
    <MenuTrigger>
      <Button className={css.iconButton} aria-label="Help">
        <Icon name="help" size={16} />
      </Button>
        <Menu
                    aria-label="Help"
          onAction={(key) => {
            if (key === 'support')
              void navigate({ to: '/support/new', search: { category: 'Problem', projectRef: data.ref } });
          }}
        >
          <MenuSection title="Need help with your project?">
            {data.isPlatform && (
              <MenuItem id="support">
                Contact support
              </MenuItem>
            )}
          </MenuSection>
        </Menu>
    </MenuTrigger>
  );
}

function UserMenu() {
  const navigate = useNavigate();
  const { session } = useAppContext();
  const user = useSessionUser();
  return (
    <MenuTrigger>
      <Button className={css.iconButton} aria-label="Account" data-testid="user-menu">
        <Icon name="user" size={16} />
      </Button>
        <Menu
                    aria-label="Account"
          onAction={(key) => {
            if (key === 'preferences') void navigate({ to: '/account/me' });
            if (key === 'security') void navigate({ to: '/account/security' });
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
          </MenuSection>
          <MenuSeparator />
          <MenuItem id="signout">
            Log out
          </MenuItem>
        </Menu>
    </MenuTrigger>
  );
}
