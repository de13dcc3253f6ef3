import type { ConsoleConfig } from './config.ts';
import type { SessionActor } from './actors/session.ts';
import type { ThemeActor } from './actors/theme.ts';
import type { SidebarActor } from './actors/sidebar.ts';
import type { FlagStore } from './actors/flag-store.ts';
import type { LazyActor } from './actors/lazy-actor.ts';
import type { NotificationsActor } from './actors/notifications.ts';
import type { TelemetryEvents } from './actors/telemetry-events.ts';

/** App-wide actors and settings, created once in main.tsx and carried by the router context (DESIGN §3). */
export interface AppContext {
  config: ConsoleConfig;
  session: SessionActor;
  theme: ThemeActor;
  sidebar: SidebarActor;
  /**
   * The live flag values (spec A4.12): defaults and the override cookie at start, then the flags provider's values as
   * remote flags load and change. Views read them with useFeatureFlags().
   */
  flagStore: FlagStore;
  /** The bell's notifications actor (spec A4.8): its code loads when the bell first needs it. */
  notifications: LazyActor<NotificationsActor>;
  /** Custom telemetry events (spec A4.13), held until the telemetry queue starts; dropped without the setting. */
  telemetryEvents: TelemetryEvents;
}
