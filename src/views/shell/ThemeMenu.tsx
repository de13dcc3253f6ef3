import { useSelector } from '@xstate/react';
import { selectResolvedTheme } from '../../../machines/theme.selectors.ts';
import { Icon } from '../../ui/Icon.tsx';
import { LazyMenuTrigger } from '../../ui/LazyMenuTrigger.tsx';
import { useAppContext } from '../shared/useAppContext.ts';
import * as css from './Header.css.ts';

/** Theme toggle (spec A4.14): light, dark or system; the theme actor stores and syncs the choice. Its menu loads on intent. */
export function ThemeMenu() {
  const { theme } = useAppContext();
  const resolved = useSelector(theme, selectResolvedTheme);
  return (
    <LazyMenuTrigger
      load={() => import('./ShellMenus.tsx')}
      look={{ className: css.iconButton, 'aria-label': 'Theme', 'data-testid': 'theme-menu', children: <Icon name={resolved === 'dark' ? 'moon' : 'sun'} size={16} /> }}
      render={(menus, look, opening) => <menus.ThemeMenu look={look} {...opening} />}
    />
  );
}
