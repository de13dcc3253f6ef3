import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { isProductMenuHiddenByStatus, mobileLogoTarget, showProductMenu } from '../../domain/navigation/layout.ts';
import { Icon } from '../../ui/Icon.tsx';
import { LazySheet } from '../../ui/LazySheet.tsx';
import { selectMobileOpen } from '../../../machines/sidebar.selectors.ts';
import { Sidebar } from './Sidebar.tsx';
import { HelpMenu, UserMenu } from './Header.tsx';
import { BranchSwitcher, OrganizationSwitcher, ProjectSwitcher } from './Switchers.tsx';
import { ThemeMenu } from './ThemeMenu.tsx';
import { useAppContext } from '../shared/useAppContext.ts';
import type { ShellData } from '../shared/useShellData.ts';
import * as header from './Header.css.ts';
import * as css from './MobileBar.css.ts';

// The settings, database and auth menu loads with the first page that shows it (issue 15), here as beside the content.
const ProductMenu = lazy(() => import('./ProductMenu.tsx').then((module) => ({ default: module.ProductMenu })));

/**
 * The mobile bar below 768 px (spec A2.3): logo, page name and a menu button opening a sheet. The sheet holds what
 * the desktop shows around the content (issue 24: below 768 px, which includes 200 % zoom on a laptop, these were
 * nowhere): the organization, project and branch switchers, Help, Theme and the account menu, the sidebar, and the
 * settings, database or auth menu of the page.
 */
export function MobileBar({ data, sidebarHidden }: { data: ShellData; sidebarHidden: boolean }) {
  const { sidebar } = useAppContext();
  const open = useSelector(sidebar, selectMobileOpen);
  const productMenu =
    showProductMenu({ ref: data.ref, pathname: data.pathname }) &&
    !isProductMenuHiddenByStatus({ status: data.project?.status, pathname: data.pathname });
  return (
    <div className={css.bar} data-testid="mobile-bar">
      <Link to={mobileLogoTarget({ isPlatform: data.isPlatform, ref: data.ref })} aria-label="Strata home" className={header.logo}>
        <img src="/dashboard/favicon.svg" alt="" width={22} height={22} />
      </Link>
      <span className={css.title}>{data.project?.name ?? data.organization?.name ?? 'Strata'}</span>
      {/* A native button: react-aria's press handling would be the only react-aria code of a page's first load (issue 15). */}
      <button type="button" className={header.iconButton} aria-label="Open menu" onClick={() => sidebar.send({ type: 'sidebar.mobileOpen' })}>
        <Icon name="menu" size={18} />
      </button>
      <LazySheet
        isOpen={open}
        onOpenChange={(isOpen) => sidebar.send({ type: isOpen ? 'sidebar.mobileOpen' : 'sidebar.mobileClose' })}
        title="Menu"
      >
        <div onClickCapture={(e) => (e.target as HTMLElement).closest('a') && sidebar.send({ type: 'sidebar.mobileClose' })}>
          <div className={css.sheetControls}>
            {data.isPlatform && (data.organization || data.organizations.length > 0) && <OrganizationSwitcher data={data} />}
            {data.ref && <ProjectSwitcher data={data} />}
            {data.ref && <BranchSwitcher data={data} />}
            <div className={css.sheetIcons}>
              <HelpMenu data={data} />
              <ThemeMenu />
              <UserMenu />
            </div>
          </div>
          {!sidebarHidden && (data.ref || data.slug) && <Sidebar data={data} inSheet />}
          {productMenu && data.ref && (
            <Suspense fallback={null}>
              <ProductMenu data={data} />
            </Suspense>
          )}
        </div>
      </LazySheet>
    </div>
  );
}
