// Serves the statechart viewer from the dev server only (issue 26): `apply: 'serve'`, so `vite build` never sees
// it and nothing of the viewer enters the production bundle (checked by src/dev/statecharts/production-build.test.ts).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { SPEC_FILES, specMissingHtml, specPageHtml } from '../src/dev/statecharts/spec-page.ts';

export const VIEWER_PATH = '__statecharts';

export function viewerHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Strata statecharts</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{margin:0;font:14px system-ui,sans-serif;display:grid;grid-template-columns:240px 1fr;height:100vh;color:#111827}
nav{border-right:1px solid #e5e7eb;overflow:auto;padding:12px}
nav input{width:100%;box-sizing:border-box;padding:6px;margin-bottom:8px}
nav ul{list-style:none;margin:0;padding:0}
nav a{display:block;padding:3px 6px;border-radius:4px;color:inherit;text-decoration:none;font-family:ui-monospace,monospace;font-size:13px}
nav a[aria-current]{background:#dbeafe}
.sc-live-badge{background:#2563eb;color:#fff;border-radius:8px;padding:0 6px;font-size:11px}
main{display:grid;grid-template-rows:auto 1fr auto;min-width:0;min-height:0}
header{padding:8px 12px;border-bottom:1px solid #e5e7eb;display:flex;flex-wrap:wrap;gap:12px;align-items:baseline}
header h1{font-size:18px;margin:0;font-family:ui-monospace,monospace}
#sc-canvas{overflow:hidden;position:relative;cursor:grab;background:#fcfcfd}
#sc-canvas-inner{transform-origin:0 0;position:absolute;left:0;top:0}
footer{border-top:1px solid #e5e7eb;max-height:25vh;overflow:auto;padding:6px 12px;font-size:12px}
#sc-timeline{list-style:none;padding:0;margin:4px 0;display:flex;flex-direction:column-reverse}
#sc-timeline button{font:12px ui-monospace,monospace;background:none;border:0;cursor:pointer;text-align:left}
#sc-timeline button[aria-pressed]{background:#dbeafe}
</style>
</head>
<body>
<nav aria-label="Machines">
<input id="sc-search" type="search" placeholder="Search machines, states, events" aria-label="Search">
<ul id="sc-list"></ul>
</nav>
<main>
<header>
<h1 id="sc-title">Statecharts</h1>
<span id="sc-file"></span>
<span id="sc-spec"></span>
<button id="sc-zoom-out" type="button" aria-label="Zoom out">−</button>
<button id="sc-zoom-in" type="button" aria-label="Zoom in">+</button>
<button id="sc-fit" type="button">Fit</button>
<button id="sc-export" type="button">Export SVG</button>
<label><input id="sc-coverage-toggle" type="checkbox"> Coverage</label>
<span id="sc-coverage-summary"></span>
</header>
<div id="sc-canvas"><div id="sc-canvas-inner"></div></div>
<footer><div id="sc-live-status" role="status"></div><ol id="sc-timeline" aria-label="Timeline"></ol></footer>
</main>
<script type="module" src="/src/dev/statecharts/viewer.ts"></script>
</body>
</html>`;
}

/** Where the coverage reports are written (one JSON per machine test), and the spec beside the repository. */
export const COVERAGE_DIR = '.tmp/statechart-coverage';

export function readCoverage(root: string): { machines: Record<string, unknown> } {
  const dir = resolve(root, COVERAGE_DIR);
  const machines: Record<string, unknown> = {};
  if (!existsSync(dir)) return { machines };
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.json')) continue;
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { machine: string };
    machines[report.machine] = report;
  }
  return { machines };
}

/** The spec folder: beside the repository (../shared/spec), or wherever STRATA_SPEC_DIR says. */
export function specDir(root: string): string {
  return resolve(root, process.env.STRATA_SPEC_DIR ?? '../shared/spec');
}

export function statechartsViewer(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'strata:statecharts-viewer',
    apply: 'serve',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    configureServer(server) {
      const prefix = `${base}${VIEWER_PATH}`;
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0] ?? '';
        if (url === prefix || url === `${prefix}/`) {
          void server.transformIndexHtml(url, viewerHtml()).then(
            (html) => {
              res.setHeader('Content-Type', 'text/html; charset=utf-8');
              res.end(html);
            },
            (error: unknown) => next(error),
          );
          return;
        }
        if (url === `${prefix}/coverage.json`) {
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify(readCoverage(root)));
          return;
        }
        if (url === `${prefix}/spec.json`) {
          // Which spec files are there, so the viewer says so beside a link instead of leading to a 404.
          const dir = specDir(root);
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify({ available: Object.values(SPEC_FILES).filter((name) => existsSync(join(dir, name))) }));
          return;
        }
        const spec = /^\/spec\/([\w.-]+\.md)$/.exec(url.slice(prefix.length));
        if (spec?.[1] && Object.values(SPEC_FILES).includes(spec[1])) {
          // Only the three known spec file names: nothing else of the disk is reachable through this route.
          const dir = specDir(root);
          const file = join(dir, spec[1]);
          // Rendered and escaped (spec-page.ts); the CSP forbids scripts on the page all the same.
          res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          if (existsSync(file)) {
            res.end(specPageHtml(spec[1], readFileSync(file, 'utf8')));
          } else {
            res.statusCode = 404;
            res.end(specMissingHtml(spec[1], process.env.STRATA_SPEC_DIR ? dir : '../shared/spec'));
          }
          return;
        }
        next();
      });
    },
  };
}
