import { Button } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { selectResolvedTheme, selectThemePreference } from '../../../machines/theme.selectors.ts';
import { THEME_PREFERENCES, type ThemePreference } from '../../domain/theme.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Menu, MenuItem, MenuSection, MenuTrigger } from '../../ui/Menu.tsx';
import { useAppContext } from '../shared/useAppContext.ts';
import * as css from './Header.css.ts';

const LABELS: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Theme toggle (spec A4.14): light, dark or system; the theme actor stores and syncs the choice. */
export function ThemeMenu() {
  const { theme } = useAppContext();
  const preference = useSelector(theme, selectThemePreference);
  const resolved = useSelector(theme, selectResolvedTheme);
  return (
    <MenuTrigger>
      <Button className={css.iconButton} aria-label="Theme" data-testid="theme-menu">
        <Icon name={resolved === 'dark' ? 'moon' : 'sun'} size={16} />
      </Button>
      <Menu
        aria-label="Theme"
        placement="bottom end"
        selectionMode="single"
        selectedKeys={[preference]}
        onAction={(key) => theme.send({ type: 'theme.set', preference: key as ThemePreference })}
      >
        <MenuSection title="Theme">
          {THEME_PREFERENCES.map((value) => (
            <MenuItem key={value} id={value} icon={<Icon name={value === 'system' ? 'monitor' : value === 'dark' ? 'moon' : 'sun'} size={14} />}>
              {LABELS[value]}
            </MenuItem>
          ))}
        </MenuSection>
      </Menu>
    </MenuTrigger>
  );
}
