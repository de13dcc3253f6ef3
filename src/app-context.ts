import type { ConsoleConfig } from './config.ts';
import type { SessionActor } from './actors/session.ts';
import type { ThemeActor } from './actors/theme.ts';
import type { SidebarActor } from './actors/sidebar.ts';
import type { FeatureFlags } from './domain/navigation/flags.ts';

/** App-wide actors and settings, created once in main.tsx and carried by the router context (DESIGN §3). */
export interface AppContext {
  config: ConsoleConfig;
  session: SessionActor;
  theme: ThemeActor;
  sidebar: SidebarActor;
  flags: FeatureFlags;
}
