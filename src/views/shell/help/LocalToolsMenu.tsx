// The local/self-hosted dropdown of spec A2.3: Feature previews, Command menu and Theme. Loaded on intent by the
// stand-in in HeaderTools.tsx (LazyMenuTrigger).
import { Button } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { selectThemePreference } from '../../../../machines/theme.selectors.ts';
import { THEME_LABELS, THEME_PREFERENCES, type ThemePreference } from '../../../domain/theme.ts';
import { Menu, MenuItem, MenuSection, MenuTrigger } from '../../../ui/Menu.tsx';
import type { MenuOpening, MenuTriggerLook } from '../../../ui/LazyMenuTrigger.tsx';
import { OPEN_COMMAND_MENU_EVENT } from '../../command-menu/providers.ts';
import { useAppContext } from '../../shared/useAppContext.ts';

export function LocalToolsMenu({ look, defaultOpen, autoFocus }: MenuOpening & { look: MenuTriggerLook }) {
  const { theme } = useAppContext();
  const preference = useSelector(theme, selectThemePreference);
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button {...look} autoFocus={autoFocus} />
      <Menu
        autoFocus={defaultOpen ? 'first' : undefined}
        aria-label="Local tools"
        placement="bottom end"
        onAction={(key) => {
          const value = String(key);
          if (value === 'command-menu') window.dispatchEvent(new Event(OPEN_COMMAND_MENU_EVENT));
          else if ((THEME_PREFERENCES as readonly string[]).includes(value)) theme.send({ type: 'theme.set', preference: value as ThemePreference });
        }}
      >
        <MenuSection title="Tools">
          {/* No feature is in preview in this build: the entry says so instead of opening an empty list. */}
          <MenuItem id="feature-previews" isDisabled textValue="Feature previews">
            Feature previews (none in this version)
          </MenuItem>
          <MenuItem id="command-menu">Command menu (Ctrl+K)</MenuItem>
        </MenuSection>
        <MenuSection title={`Theme: ${THEME_LABELS[preference]}`}>
          {THEME_PREFERENCES.map((value) => (
            <MenuItem key={value} id={value}>
              {THEME_LABELS[value]}
            </MenuItem>
          ))}
        </MenuSection>
      </Menu>
    </MenuTrigger>
  );
}
