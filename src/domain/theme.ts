// Theme preference rules (spec A4.14).

export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** How each preference is named in the theme menus (header and local tools). */
export const THEME_LABELS: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };
/** What the page is actually painted in: 'system' resolves to the OS colour scheme. */
export type ResolvedTheme = 'light' | 'dark';

/** Local-storage key of the preference, synced across tabs. spec A4.14 */
export const THEME_STORAGE_KEY = 'theme';

/** Set on <html> for the moment of a theme switch (src/actors/theme.ts): src/ui/global.css.ts turns transitions off under it. */
export const THEME_SWITCHING_ATTRIBUTE = 'data-theme-switching';

/** The console defaults to dark. spec A4.14 */
export const DEFAULT_THEME_PREFERENCE: ThemePreference = 'dark';

/** True for a known preference value. */
export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

/** A stored value read back (or removed: null), falling back to the default for anything unknown. spec A4.14 */
export function readThemePreference(stored: unknown): ThemePreference {
  return isThemePreference(stored) ? stored : DEFAULT_THEME_PREFERENCE;
}

/** The theme to paint: the preference itself, or the OS scheme when the preference is 'system'. spec A4.14 */
export function resolveTheme(preference: ThemePreference, systemTheme: ResolvedTheme): ResolvedTheme {
  return preference === 'system' ? systemTheme : preference;
}
