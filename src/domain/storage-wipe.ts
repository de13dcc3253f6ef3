// spec A4.11 storage wipe: on sign-out every local-storage entry is deleted except these.
// Other parts of the console read and write these keys; they take the names from here.
export const KEPT_LOCAL_STORAGE_KEYS = {
  /** spec A4.14: the theme is stored under the key theme. */
  theme: 'theme',
  graphqlExplorerTheme: 'strata.graphiql.theme',
  darkMode: 'strata.dark-mode',
  authDebug: 'strata.auth.debug',
  authLockDisabled: 'strata.auth.lock-disabled',
  telemetryConsent: 'strata.telemetry.consent',
  apiSidePanelPreview: 'strata.preview.api-side-panel',
  inlineEditorPreview: 'strata.preview.inline-editor',
  columnLevelSecurityPreview: 'strata.preview.column-level-security',
  unifiedLogsPreview: 'strata.preview.unified-logs',
  lastSignInMethod: 'strata.auth.last-sign-in-method',
  promoToastHidden: 'strata.promo-toast.hidden',
  blogView: 'strata.blog.view',
  toolProtocolOptIn: 'strata.mcp.opt-in',
  branching2Preview: 'strata.preview.branching-2',
  linterFooter: 'strata.linter.footer',
  tableQuickstartDismissed: 'strata.table-quickstart.dismissed',
} as const;

export type KeptLocalStorageKey = (typeof KEPT_LOCAL_STORAGE_KEYS)[keyof typeof KEPT_LOCAL_STORAGE_KEYS];

export const keysToKeepOnSignOut: ReadonlySet<string> = new Set<string>(Object.values(KEPT_LOCAL_STORAGE_KEYS));

export type WipeableStorage = Pick<Storage, 'length' | 'key' | 'removeItem'>;

/** Removes every entry except the kept ones; returns the removed keys. */
export function wipeLocalStorage(storage: WipeableStorage, keep: ReadonlySet<string> = keysToKeepOnSignOut): string[] {
  // Collect first: removing while walking by index would skip entries.
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && !keep.has(key)) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
  return doomed;
}
