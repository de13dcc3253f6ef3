import type { ConsoleConfig } from './config.ts';
import type { SessionActor } from './actors/session.ts';
import type { ThemeActor } from './actors/theme.ts';
import type { SidebarActor } from './actors/sidebar.ts';
import type { FeatureFlags } from './domain/navigation/flags.ts';
import type { FlagStore } from './actors/flag-store.ts';

/** App-wide actors and settings, created once in main.tsx and carried by the router context (DESIGN §3). */
export interface AppContext {
  config: ConsoleConfig;
  session: SessionActor;
  theme: ThemeActor;
  sidebar: SidebarActor;
  /** The flag values at start (defaults and the override cookie); views read the live ones through useAppContext. */
  flags: FeatureFlags;
  /** The live flag values (spec A4.12): the flags provider updates them. */
  flagStore?: FlagStore;
}
