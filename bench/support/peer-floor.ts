// The floor under issue 25's open and sort goals: a page holding only the console's mandated client stack —
// react-dom, TanStack Router (one route, its search read for the sort), one XState actor that makes the read through
// ky — that reads the table the way the console's first read does (the platform's one-round-trip open,
// GET /api/platform/pg-meta/{ref}/entities/{id}/open, the same statement and the same answer) and renders its 100
// rows as a plain grid (no virtualization, no editing, no chrome). Nothing of Strata's own client code is in it.
// Built by Vite for production; served gzip by a bare Node server that passes /api/ on to the platform (same
// origin, as the console is), the session's token in the address. Measured by the peer bench exactly as Strata and
// Adminer are: the first row's cell `[role=grid] [aria-rowindex="2"] [data-column=…]` with the expected text.
// A client-rendered console built on this stack cannot open a table faster than this page: where it is slower
// than Adminer, the goal is out of reach for any such console on this machine.
import { createServer, request, type Server } from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './results.ts';
import { buildStaticPage, pageFile, sendGzip } from './static-page.ts';

/** The page's entry module. */
const ENTRY = `
import { createElement as h, StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useNavigate, useSearch } from '@tanstack/react-router';
import { assign, createActor, fromPromise, setup } from 'xstate';
import ky from 'ky';

const params = new URLSearchParams(location.search);
const api = ky.create({ prefixUrl: location.origin + '/api/platform', retry: 0, headers: { authorization: 'Bearer ' + params.get('token') } });
const read = fromPromise(({ input }) =>
  api.get('pg-meta/' + input.ref + '/entities/' + input.id + '/open', { searchParams: input.sort ? { schema: 'public', sort: input.sort } : { schema: 'public' } }).json());
const machine = setup({ actors: { read } }).createMachine({
  id: 'floor-table',
  initial: 'reading',
  context: ({ input }) => ({ view: input, meta: null, rows: [] }),
  on: { VIEW: { target: '.reading', actions: assign({ view: ({ event }) => event.view }) } },
  states: {
    reading: {
      invoke: {
        src: 'read',
        input: ({ context }) => context.view,
        onDone: { target: 'shown', actions: assign({ meta: ({ event }) => event.output.meta, rows: ({ event }) => event.output.rows ?? [] }) },
        onError: 'failed',
      },
    },
    shown: {},
    failed: {},
  },
});
// Started at once, as the console's early read is: the read does not wait for React.
const view = () => ({ ref: params.get('ref'), id: params.get('id'), sort: params.get('sort') || undefined });
const actor = createActor(machine, { input: view() }).start();
const subscribe = (listener) => { const sub = actor.subscribe(listener); return () => sub.unsubscribe(); };

function Grid() {
  const snapshot = useSyncExternalStore(subscribe, () => actor.getSnapshot());
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const { meta, rows } = snapshot.context;
  if (!meta) return h('p', null, snapshot.value === 'failed' ? 'failed' : 'loading');
  const names = meta.columns.map((column) => column.name);
  const sortBy = (name) => {
    const sort = name + ':asc';
    navigate({ to: '.', search: { ...search, sort } });
    actor.send({ type: 'VIEW', view: { ...view(), sort } });
  };
  return h('div', { role: 'grid', 'aria-rowcount': rows.length + 1 },
    h('div', { role: 'row', 'aria-rowindex': 1 }, names.map((name) => h('div', { role: 'columnheader', key: name }, h('button', { title: 'Sort by ' + name, onClick: () => sortBy(name) }, name)))),
    rows.map((row, index) => {
      // The open's statement names the columns c0, c1, … in table order (rows.ts pageSql).
      return h('div', { role: 'row', 'aria-rowindex': index + 2, key: index },
        names.map((name, i) => {
          const value = row['c' + i];
          return h('div', { role: 'gridcell', 'data-column': name, key: name }, value === null || value === undefined ? 'NULL' : typeof value === 'object' ? JSON.stringify(value) : String(value));
        }));
    }));
}

const root = createRootRoute({ component: () => h(Outlet) });
const page = createRoute({ getParentRoute: () => root, path: '$', component: Grid });
const router = createRouter({ routeTree: root.addChildren([page]) });
createRoot(document.getElementById('root')).render(h(StrictMode, null, h(RouterProvider, { router })));
`;

export interface PeerFloor {
  /** The floor page's address for the table, sorted when `sort` is given (`column:asc|desc`). */
  tableUrl(sort?: string): string;
  /** Gzip bytes of the page's scripts. */
  scriptBytes: number;
  stop(): Promise<void>;
}

/** Builds the floor page and serves it on a free port, /api/ passed on to the platform at `platformUrl`. */
export async function startPeerFloor(options: { platformUrl: string; token: string; ref: string; tableId: number }): Promise<PeerFloor> {
  const dir = join(REPO_ROOT, '.tmp', `bench-peer-floor-${process.pid}`);
  const scriptBytes = await buildStaticPage(dir, '/floor/', ENTRY);
  const target = new URL(options.platformUrl);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/api/')) {
      // Passed on as it came (method, headers, body), the answer streamed back.
      const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    const rest = path.replace(/^\/floor\/?/, '');
    const file = path.startsWith('/floor') ? pageFile(join(dir, 'dist'), rest) : null;
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    sendGzip(res, file, { immutable: rest.startsWith('assets/') });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const query = new URLSearchParams({ token: options.token, ref: options.ref, id: String(options.tableId) });
  return {
    tableUrl: (sort) => `${url}/floor/table?${query}${sort ? `&sort=${encodeURIComponent(sort)}` : ''}`,
    scriptBytes,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
