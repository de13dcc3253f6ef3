import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// Route loaders stay in the route tree (and so in the first load) only where a first load needs their data at
// once: the signed-in layout, a project's layout, an organization's layout and its projects list (first page). Every other route's loader goes
// into the chunk of its component, fetched when the route is preloaded (on intent) or entered, so the code it
// pulls in (API modules, machines, server-shared schemas) stays off the critical path (issue 15).
export const EAGER_LOADER_ROUTES = new Set(['/_app', '/_app/project/$ref', '/_app/org/$slug', '/_app/org/$slug/']);
export function routeSplitGroupings(routeId: string): Array<Array<'loader' | 'component' | 'pendingComponent' | 'errorComponent' | 'notFoundComponent'>> {
  if (EAGER_LOADER_ROUTES.has(routeId)) return [['component'], ['errorComponent'], ['notFoundComponent']];
  return [['loader', 'component'], ['errorComponent'], ['notFoundComponent']];
}

// The console lives under /dashboard (spec A1, A2.1).
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
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:54321',
      '/auth': 'http://127.0.0.1:54321',
      '/storage': 'http://127.0.0.1:54321',
      '/p/': 'http://127.0.0.1:54321',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The first-load chunk (react-dom, the router, auth-js, xstate and the route tree) is one file on purpose.
    chunkSizeWarningLimit: 700,
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
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
