import { lazy, memo, Suspense, type ReactNode } from 'react';
import { isSidebarHidden, showProductMenu, isProductMenuHiddenByStatus } from '../../domain/navigation/layout.ts';
import { Header as HeaderView } from './Header.tsx';
import { useNarrowScreen } from './useNarrowScreen.ts';
import { Sidebar as SidebarView } from './Sidebar.tsx';
import { useShellData } from '../shared/useShellData.ts';
import { LiveProjectStatusProvider } from '../shared/ProjectStatusContext.tsx';
import { AdvisorLintsProvider } from '../shared/useAdvisorLints.ts';
import { MAIN_ID, SHELL_NAV_ATTRIBUTE, SkipLink, useFocusOnPageChange } from './AppShellFocus.tsx';
import * as css from './AppShell.css.ts';
import { CommandMenuHost as CommandMenuHostView } from '../command-menu/CommandMenuHost.tsx';
import { useResourceWarnings } from './useResourceWarnings.ts';

// The product menu (spec A2.5-A2.7: settings, database and auth pages) and its three menu definitions load with the
// first page that shows it: the project home and the other pages never carry them (issue 15: first-load JavaScript).
const ProductMenu = memo(lazy(() => import('./ProductMenu.tsx').then((module) => ({ default: module.ProductMenu }))));
// spec A2.3: the mobile bar (below 768 px) loads only on a narrow screen.
const MobileBar = memo(lazy(() => import('./MobileBar.tsx').then((module) => ({ default: module.MobileBar }))));
// spec A2.12: the banner's wording and rules load only for a project that has a warning.
const ResourceBanner = lazy(() => import('./ResourceBanner.tsx').then((module) => ({ default: module.ResourceBanner })));
// The chrome's parts render again only when what they are given changes (useShellData keeps its object while its
// values stay): the frame itself re-renders for its own reads (the resource warnings, the path), and the header
// and sidebar, ~250 components, used to follow it (issue 25).
const Header = memo(HeaderView);
const Sidebar = memo(SidebarView);
const CommandMenuHost = memo(CommandMenuHostView);

/**
 * The page chrome of spec A2.3: header (or the mobile bar below 768 px), sidebar, product menu, content. It owns
 * the live project status its chrome reads from the project route below (spec A2.8), and the one read of the
 * project's advisor findings its sidebar and header show (issue 19).
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <LiveProjectStatusProvider>
      <ShellAdvisorLints>
        <ShellFrame>{children}</ShellFrame>
      </ShellAdvisorLints>
    </LiveProjectStatusProvider>
  );
}

/** The one read of the shown project's advisor findings that the sidebar and header share (issue 19). */
function ShellAdvisorLints({ children }: { children: ReactNode }) {
  const data = useShellData();
  return (
    <AdvisorLintsProvider projectRef={data.ref ?? undefined} running={data.project?.status === 'ACTIVE_HEALTHY'}>
      {children}
    </AdvisorLintsProvider>
  );
}

function ShellFrame({ children }: { children: ReactNode }) {
  const data = useShellData();
  const sidebarHidden = isSidebarHidden(data.pathname);
  const productMenu =
    showProductMenu({ ref: data.ref, pathname: data.pathname }) &&
    !isProductMenuHiddenByStatus({ status: data.project?.status, pathname: data.pathname });
  // issue 24: after a page change, focus goes to the new page's h1 when it was left in the chrome or nowhere.
  useFocusOnPageChange(data.pathname);
  const nav = { [SHELL_NAV_ATTRIBUTE]: '' };
  const warnings = useResourceWarnings(data.ref ?? undefined, data.project?.status === 'ACTIVE_HEALTHY');
  const narrow = useNarrowScreen();
  const warned = warnings !== null && Object.entries(warnings).some(([key, value]) => key !== 'project' && value !== null);
  return (
    <div className={css.shell}>
      <SkipLink />
      <CommandMenuHost {...(data.ref ? { ref: data.ref } : {})} {...(data.organization?.slug ? { orgSlug: data.organization.slug } : {})} />
      <div className={css.desktopOnly} {...nav}>
        <Header data={data} />
      </div>
      <div className={css.mobileOnly} {...nav}>
        {narrow ? (
          <Suspense fallback={null}>
            <MobileBar data={data} sidebarHidden={sidebarHidden} />
          </Suspense>
        ) : null}
      </div>
      <div className={css.body}>
        {!sidebarHidden && (
          <div className={css.desktopOnly} {...nav}>
            <Sidebar data={data} />
          </div>
        )}
        {productMenu && data.ref && (
          <div className={css.desktopOnly} {...nav}>
            <Suspense fallback={null}>
              <ProductMenu data={data} />
            </Suspense>
          </div>
        )}
        <main className={css.main} id={MAIN_ID}>
          {warned && (
            <Suspense fallback={null}>
              <ResourceBanner warnings={warnings} pathname={data.pathname} />
            </Suspense>
          )}
          {children}
        </main>
      </div>
    </div>
  );
}
