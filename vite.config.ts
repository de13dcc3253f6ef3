import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import type { Plugin } from 'vite';
import { statechartsViewer } from './scripts/statecharts-viewer-plugin.ts';
import { routePreloads } from './scripts/route-preloads-plugin.ts';
import { compileHints } from './scripts/compile-hints-plugin.ts';
import { precompressAssets } from './scripts/precompress-plugin.ts';

// Route loaders stay in the route tree (and so in the first load) only where a first load needs their data at
// once: the signed-in layout, a project's layout, an organization's layout and its projects list (first page). Every other route's loader goes
// into the chunk of its component, fetched when the route is preloaded (on intent) or entered, so the code it
// pulls in (API modules, machines, server-shared schemas) stays off the critical path (issue 15).
// The table editor's two loaders stay too, as thunks that import their module (actors/table-open.ts) when they run, so a
// table's columns and first page are read while the editor's chunks arrive, not after them (issue 25).
export const EAGER_LOADER_ROUTES = new Set(['/_app', '/_app/project/$ref', '/_app/org/$slug', '/_app/org/$slug/', '/_app/project/$ref/editor', '/_app/project/$ref/editor/$tableId']);
export function routeSplitGroupings(routeId: string): Array<Array<'loader' | 'component' | 'pendingComponent' | 'errorComponent' | 'notFoundComponent'>> {
  // A pending component goes with its page's chunk (it shows while that chunk's loader runs), not into the route tree:
  // the auth settings pages' shared loading view and its styles were in every first load (issue 15).
  if (EAGER_LOADER_ROUTES.has(routeId)) return [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']];
  return [['loader', 'component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']];
}

/** The modules of the signed-in shell and project home, grouped into one chunk (see build.rolldownOptions). */
export const SIGNED_IN_SHELL =
  /\/src\/(views\/shell\/(?!ShellMenus|ProductMenu|MobileBar|ProjectSwitcherMenu|MergeRequestButton|ResourceBanner|help\/(?!events|HelpPanelsHost))|views\/shared\/(useShellData|ProjectStatusContext|useAppContext|ProjectPausedCard\.tsx|ProjectLifecycle\.css)|views\/project-status\/(ProjectStatusGate|StatusScreens\.css)|views\/project\/|views\/editor\/ProjectEditorState|views\/storage\/uploads\/(LazyUploadsProvider|uploads-context)|ui\/(Icon|LazyMenuTrigger|LazySheet|Badge|Skeleton|Spinner|Page\.css)|actors\/(project-status|org-usage)|domain\/(format|usage|compute-sizes|project-home|navigation\/(project-sidebar|header|nav-item)))|\/machines\/project-status\.machine|\/machines\/(project-status|theme|sidebar)\.selectors/;

/** Chunks (named by the groups below) preloaded beside the lazy chunks that import them. */
const PRELOADED_CHUNK = /(^|\/)(signed-in|react-bindings)-[\w-]+\.js$/;

// A page's own chunks are not listed in the entry chunk: the platform puts them into the HTML of the page it serves as
// <link rel="modulepreload"> (scripts/route-preloads-plugin.ts, server/http/route-preloads.ts), so a first load
// fetches them beside the entry chunk, for every route. Before, four "hot" routes carried full preload lists in the
// entry chunk (~1.5 KB gzip of file names), fetched only once the entry chunk had run (issues 15, 25).

// The console lives under /dashboard (spec A1, A2.1).
/** The one locale of react-aria's built-in strings the console keeps: its UI is English (spec strings verbatim). */
export const KEPT_ARIA_LOCALE = 'en-US';
const ARIA_INTL_STRINGS = /[\\/]react-aria(-components)?[\\/]dist[\\/].*intlStrings\.mjs$/;
const LOCALE_IMPORT = /^import (\S+) from "[^"]*[\\/]([a-z]{2}-[A-Z]{2})\.mjs";\n/gm;

/**
 * react-aria's intlStrings modules import the strings of 34 locales (dismiss buttons, selection announcements);
 * every react-aria chunk of the first load carried them all (issue 15). Keep en-US only: for any other locale
 * react-aria falls back to en-US (LocalizedStringDictionary's default locale), which is the console's language.
 */
export function keepEnglishAriaStrings(code: string): string {
  const dropped = new Set<string>();
  const kept = code.replace(LOCALE_IMPORT, (line, binding: string, locale: string) => {
    if (locale === KEPT_ARIA_LOCALE) return line;
    dropped.add(binding);
    return '';
  });
  if (dropped.size === 0) return code;
  return kept.replace(/^\s*"[a-z]{2}-[A-Z]{2}": (\S+?),?\n/gm, (entry, binding: string) => (dropped.has(binding) ? '' : entry.replace(/,?\n$/, ',\n')));
}

function englishOnlyAriaStrings(): Plugin {
  return {
    name: 'strata:english-only-aria-strings',
    enforce: 'pre',
    transform(code, id) {
      if (!ARIA_INTL_STRINGS.test(id)) return null;
      return { code: keepEnglishAriaStrings(code), map: null };
    },
  };
}

export default defineConfig({
  base: '/dashboard/',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: { splitBehavior: ({ routeId }) => routeSplitGroupings(routeId) },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    vanillaExtractPlugin(),
    englishOnlyAriaStrings(),
    statechartsViewer(),
    routePreloads(),
    compileHints(),
    precompressAssets(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:54321',
      '/auth': 'http://127.0.0.1:54321',
      '/storage': 'http://127.0.0.1:54321',
      '/p/': 'http://127.0.0.1:54321',
      // Copying rows from the grid reads a signed export link from the console's own origin.
      '/exports': 'http://127.0.0.1:54321',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The first-load chunk (react-dom, the router, auth-js, xstate and the route tree) is one file on purpose.
    chunkSizeWarningLimit: 700,
    // Preload lists only for the signed-in group: Vite would otherwise give every dynamic import the names of all
    // its dependencies (__vite__mapDeps, ~4 KB gzip of the entry chunk alone). A lazy chunk's other static
    // imports are found by the browser when it arrives. The signed-in shell and its bindings are fetched with
    // any route chunk that needs them, not after it (a two-step waterfall on every signed-in first load). CSS
    // deps stay: Vite's helper loads a lazy chunk's styles with it. No polyfill: current Chromium, Firefox and
    // Safari all support <link rel="modulepreload">.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css') || PRELOADED_CHUNK.test(dep)),
    },
    rolldownOptions: {
      treeshake: {
        // Schemas shared with the server (src/api/schemas) are declarations only: a route that imports one constant
        // from such a module (a pattern, a list of roles) must not carry the module's zod schemas, and with them zod,
        // into the first load (issue 15). zod's builders have no side effects; `z.object(...)` and the chains on it
        // are dropped when unused.
        manualPureFunctions: ['z'],
        // Machines and the domain are pure by rule (DESIGN §2: no fetch, DOM or storage), and the schemas are
        // declarations: a module of theirs of which nothing is used is left out entirely.
        moduleSideEffects: [{ test: /\/(machines|src\/domain|src\/api\/schemas)\/(?!.*\.css\.ts).*\.ts$/, sideEffects: false }],
      },
      output: {
        // Everything the entry imports statically is loaded on every first load anyway: one chunk instead of ~60
        // compresses better and carries one table of the lazy chunks' file names instead of one per route file
        // (the __vite__mapDeps lists were ~10 % of the first load).
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 40 },
            // What every signed-in page shows (the shell, the project layout and its status gate, the project home):
            // one chunk instead of ~25 small ones, each of which repeated its imports (issue 15). Nothing the
            // sign-in page loads is in it (xstate-react, the recipes runtime, ButtonLook), so its first load stays.
            { name: 'signed-in', test: SIGNED_IN_SHELL, priority: 20 },
            // Shared by the sign-in page and the shell: kept out of the shell's group (which takes its modules'
            // dependencies), so the sign-in page does not load the shell.
            // The native button and its look too (the sign-in form and the header's Connect button use them).
            { name: 'react-bindings', test: /node_modules\/(@xstate\/react|use-isomorphic-layout-effect|@vanilla-extract\/recipes)\/|\/src\/ui\/(PlainButton\.tsx|ButtonLook\.tsx|Button\.css\.ts|PlainTextField\.tsx|PlainHint\.tsx|Field\.css\.ts)/, priority: 30 },
            // react-aria's hooks and components, which the lazy pages share: one chunk instead of ~20 small ones. A cold
            // table editor fetched ~75 chunks over HTTP/1.1's 6 connections per host, and its early API requests (the
            // table's columns and first page) waited ~1.6 s behind them for a connection (issue 25).
            // The console's own components that lazy pages share (buttons, dialogs, menus, fields): one chunk of 8.3 KB
            // gzip instead of ~14 small ones. A cold table open fetched 44 scripts, now 32; the lazy pages measured
            // fetch 8-16 fewer scripts for 1-5 KB more (issue 25: on HTTP/1.1's 6 connections per host the page's API
            // calls queue behind its scripts). What the sign-in page needs of src/ui is in react-bindings above, so
            // the sign-in page does not load this chunk. Priorities are whole numbers: with 0.75 for aria and 0.5
            // for a trial group listed before it, the trial group took aria's modules, as if the two were equal.
            { name: 'ui', test: /\/src\/ui\//, priority: 12 },
            { name: 'aria', test: /node_modules\/(react-aria-components|react-aria|react-stately|@react-aria|@react-stately|@react-types|@internationalized|@swc\/helpers|client-only)\//, priority: 15 },
          ],
        },
      },
    },
  },
});
