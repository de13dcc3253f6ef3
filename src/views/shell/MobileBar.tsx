import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { mobileLogoTarget } from '../../domain/navigation/layout.ts';
import { Icon } from '../../ui/Icon.tsx';
import { LazySheet } from '../../ui/LazySheet.tsx';
import { selectMobileOpen } from '../../../machines/sidebar.selectors.ts';
import { Sidebar } from './Sidebar.tsx';
import { useAppContext } from '../shared/useAppContext.ts';
import type { ShellData } from '../shared/useShellData.ts';
import * as header from './Header.css.ts';
import * as css from './MobileBar.css.ts';

/** The mobile bar below 768 px (spec A2.3): logo, page name and a menu button opening the sidebar in a sheet. */
export function MobileBar({ data, sidebarHidden }: { data: ShellData; sidebarHidden: boolean }) {
  const { sidebar } = useAppContext();
  const open = useSelector(sidebar, selectMobileOpen);
  return (
    <div className={css.bar} data-testid="mobile-bar">
      <Link to={mobileLogoTarget({ isPlatform: data.isPlatform, ref: data.ref })} aria-label="Strata home" className={header.logo}>
        <img src="/dashboard/favicon.svg" alt="" width={22} height={22} />
      </Link>
      <span className={css.title}>{data.project?.name ?? data.organization?.name ?? 'Strata'}</span>
      {!sidebarHidden && (data.ref || data.slug) && (
        // A native button: react-aria's press handling would be the only react-aria code of a page's first load (issue 15).
        <button type="button" className={header.iconButton} aria-label="Open menu" onClick={() => sidebar.send({ type: 'sidebar.mobileOpen' })}>
          <Icon name="menu" size={18} />
        </button>
      )}
      <LazySheet
        isOpen={open}
        onOpenChange={(isOpen) => sidebar.send({ type: isOpen ? 'sidebar.mobileOpen' : 'sidebar.mobileClose' })}
        title="Menu"
      >
        <div onClickCapture={(e) => (e.target as HTMLElement).closest('a') && sidebar.send({ type: 'sidebar.mobileClose' })}>
          <Sidebar data={data} inSheet />
        </div>
      </LazySheet>
    </div>
  );
}
