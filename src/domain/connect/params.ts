// The Connect dialog's query parameters (spec A2.10) made valid (spec A5): an unknown type resets to uri, an unknown
// method to direct, a tab that is not shown to the first shown one, and a source equal to the project ref is the
// primary database (omitted).
import {
  CONNECT_METHODS,
  CONNECT_TABS,
  CONNECT_STRINGS,
  CONNECT_TYPES,
  type ConnectMethod,
  type ConnectTab,
  type ConnectType,
} from './constants.ts';

export interface ConnectSearch {
  showConnect?: boolean;
  connectTab?: string;
  framework?: string;
  using?: string;
  with?: string;
  type?: string;
  source?: string;
  method?: string;
}

export interface ConnectParams {
  open: boolean;
  tab: ConnectTab;
  type: ConnectType;
  method: ConnectMethod;
  /** The selected database id; undefined is the primary database (the project ref). */
  source: string | undefined;
  framework: string | undefined;
  using: string | undefined;
  with: string | undefined;
}

const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (list as readonly string[]).includes(value);

export function connectParams(search: ConnectSearch, context: { ref: string; tabs: readonly ConnectTab[] }): ConnectParams {
  const tabs = context.tabs.length > 0 ? context.tabs : (['direct'] as const);
  const tab = isOneOf(tabs, search.connectTab) ? search.connectTab : isOneOf(tabs, 'direct') ? 'direct' : tabs[0]!;
  return {
    open: search.showConnect === true,
    tab,
    type: isOneOf(CONNECT_TYPES, search.type) ? search.type : 'uri',
    method: isOneOf(CONNECT_METHODS, search.method) ? search.method : 'direct',
    source: search.source === undefined || search.source === '' || search.source === context.ref ? undefined : search.source,
    framework: search.framework || undefined,
    using: search.using || undefined,
    with: search.with || undefined,
  };
}

/** The search to navigate to for a selection: a source equal to the ref and defaults are left out (spec A2.10). */
export function connectSearchFor(params: Omit<ConnectParams, 'open'>, ref: string): ConnectSearch {
  return {
    showConnect: true,
    connectTab: params.tab,
    type: params.tab === 'direct' && params.type !== 'uri' ? params.type : undefined,
    method: params.tab === 'direct' && params.method !== 'direct' ? params.method : undefined,
    source: params.source === ref ? undefined : params.source,
    framework: params.tab === 'direct' ? undefined : params.framework,
    using: params.tab === 'direct' ? undefined : params.using,
    with: params.tab === 'direct' ? undefined : params.with,
  };
}

/** The tabs a user sees: the flagged ones only when their flag is on (spec A2.10). */
export function visibleConnectTabs(enabled: (flag: string) => boolean): ConnectTab[] {
  return CONNECT_TABS.filter((tab) => {
    if (tab === 'frameworks') return enabled('project_connection:show_app_frameworks');
    if (tab === 'mobiles') return enabled('project_connection:show_mobile_frameworks');
    if (tab === 'orms') return enabled('project_connection:show_orms');
    return true;
  });
}

/** spec A2.10: ' via {tab}' follows the title when only one tab exists. */
export function connectTitle(tabs: readonly ConnectTab[], labels: Record<ConnectTab, string>): string {
  return tabs.length === 1 ? `${CONNECT_STRINGS.title} via ${labels[tabs[0]!]}` : CONNECT_STRINGS.title;
}
