// The command menu's providers (issue 22; issue 21 adds more): each turns the typed query into one group of items.
// The menu knows nothing about where items come from; a provider is a hook the menu calls with the query.

export interface CommandItem {
  /** Unique within the menu (the option's DOM id is derived from it). */
  id: string;
  label: string;
  /** A second line (the docs section, the page's area). */
  detail?: string | null;
  /** Opens or runs the item; the menu closes after it. */
  run: () => void;
}

export type CommandGroupStatus = 'idle' | 'loading' | 'partial' | 'ready' | 'empty' | 'error';

export interface CommandGroup {
  id: string;
  heading: string;
  status: CommandGroupStatus;
  items: CommandItem[];
  /** Results shown belong to the previous query (a new one is loading). */
  stale?: boolean;
  /** A note beside the items (a source that failed), or the error text when status is 'error'. */
  note?: string | null;
}

export type CommandProvider = (query: string, context: CommandMenuContext) => CommandGroup;

export interface CommandMenuContext {
  ref?: string;
  orgSlug?: string;
  close: () => void;
}

/** Custom event that opens the menu from anywhere (the Help popover's 'Search docs'). */
export const OPEN_COMMAND_MENU_EVENT = 'strata:open-command-menu';
