// Selectors of the theme machine: views read these through useSelector, never the whole snapshot.
import type { SnapshotFrom } from 'xstate';
import { resolveTheme, type ResolvedTheme, type ThemePreference } from '../src/domain/theme.ts';
import type { ThemeMachine } from './theme.machine.ts';

type ThemeSnapshot = SnapshotFrom<ThemeMachine>;

/** The user's preference: 'light' | 'dark' | 'system'. spec A4.14 */
export const selectThemePreference = (snapshot: ThemeSnapshot): ThemePreference => snapshot.context.preference;

/** The theme the page is painted in; 'system' follows the OS colour scheme. spec A4.14 */
export const selectResolvedTheme = (snapshot: ThemeSnapshot): ResolvedTheme =>
  resolveTheme(snapshot.context.preference, snapshot.context.systemTheme);

/** The OS colour scheme as last reported. */
export const selectSystemTheme = (snapshot: ThemeSnapshot): ResolvedTheme => snapshot.context.systemTheme;

/** True until the stored preference has been read. */
export const selectThemeLoading = (snapshot: ThemeSnapshot): boolean => snapshot.matches('loading');
