import { Icon } from '../../ui/Icon.tsx';
import { LazyMenuTrigger } from '../../ui/LazyMenuTrigger.tsx';
import * as css from './Sidebar.css.ts';

/** The sidebar behaviour preference of spec A2.4: 'Expanded', 'Collapsed' or 'Expand on hover'. Its menu loads on intent. */
export function SidebarBehaviourMenu({ expanded }: { expanded: boolean }) {
  return (
    <LazyMenuTrigger
      load={() => import('./ShellMenus.tsx')}
      look={{
        className: css.buttonItem,
        'aria-label': 'Sidebar control',
        'data-testid': 'sidebar-behaviour',
        children: (
          <>
            <Icon name="sidebar" size={18} className={css.icon} />
            {expanded && <span>Sidebar control</span>}
          </>
        ),
      }}
      render={(menus, look, opening) => <menus.SidebarBehaviourMenu look={look} {...opening} />}
    />
  );
}
