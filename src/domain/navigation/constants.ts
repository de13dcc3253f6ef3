// Spec constants of the console chrome (spec A1, A2.1, A2.3, A2.4, C9).

/** Base path the console is served under. */
export const BASE_PATH = '/dashboard'; // spec A1, A2.1

/** Product name used in page titles. */
export const PRODUCT_NAME = 'Strata'; // spec A2.3 ('{page title} | {product}')

/** Cookie keeping the sidebar open/closed state. */
export const SIDEBAR_COOKIE = 'sidebar:state'; // spec A2.4, C9
/** 7 days in seconds. */
export const SIDEBAR_COOKIE_MAX_AGE = 604800; // spec A2.4, C9

/** Breakpoints as max widths in px. */
export const BREAKPOINTS = {
  sm: 639,
  md: 767,
  lg: 1023,
  xl: 1027,
  '2xl': 1535,
} as const; // spec C9
export type Breakpoint = keyof typeof BREAKPOINTS;
/** The default mobile check uses the lg breakpoint. */
export const DEFAULT_MOBILE_BREAKPOINT: Breakpoint = 'lg'; // spec C9
/** The mobile bar shows below this width in px. */
export const MOBILE_BREAKPOINT = 768; // spec A2.3, C9

/** Downward swipe distance in px beyond which a sheet closes. */
export const SWIPE_CLOSE_THRESHOLD = 100; // spec A2.3
/** Lists scroll above this many entries. */
export const LIST_SCROLL_THRESHOLD = 7; // spec A2.3, C9
/** Project switcher search debounce. */
export const PROJECT_SEARCH_DEBOUNCE_MS = 500; // spec A2.3, C9
/** Hover time before a link prefetches. */
export const LINK_PREFETCH_DELAY_MS = 75; // spec C9
