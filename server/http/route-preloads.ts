// Route-aware preloads (issues 15, 25): the build writes, for every route file's page chunk, the chunks and styles it
// needs (dist/route-preloads.json, scripts/route-preloads-plugin.ts); the platform puts those of the routes a page
// path matches into the HTML it serves as <link rel="modulepreload"> / stylesheet links. The browser then fetches a
// page's code beside the entry chunk instead of discovering it level by level after the entry chunk has run, and the
// entry chunk no longer carries full preload lists for a few "hot" routes.

/**
 * One page route (an index or leaf route file): the page chunks of its layouts and its own, with everything they
 * statically need, as paths under the console's base.
 */
export interface RoutePreload {
  /** URL pattern under /dashboard, e.g. `/project/$ref/editor/$tableId`; `$name` is one segment, `$` the rest. */
  pattern: string;
  /** Asset paths relative to the console's base (`assets/x.js`, `assets/x.css`), in load order. */
  files: string[];
}

/**
 * A route file (TanStack Router file routes) as a page: its URL pattern (`_app/project/$ref/editor/$tableId` →
 * `/project/$ref/editor/$tableId`; pathless `_layout` folders drop out; `index` is its folder's page) and the layout
 * files above it (`_app/route.tsx`, `_app/project/$ref/route.tsx`, …, or `folder.tsx` beside a folder). null for the
 * root and for layouts (`route.tsx`), which are pages' ancestors, not pages.
 */
export function pageRouteOf(routeFile: string): { pattern: string; layouts: string[] } | null {
  const parts = routeFile.replace(/\.tsx?$/, '').split('/').filter(Boolean);
  const last = parts.pop();
  if (last === undefined || last === '__root' || last === 'route') return null;
  const folders = last === 'index' ? parts : [...parts, last];
  const layouts: string[] = [];
  for (let depth = 1; depth <= parts.length; depth += 1) {
    const folder = parts.slice(0, depth).join('/');
    layouts.push(`${folder}/route.tsx`, `${folder}.tsx`);
  }
  if (last !== 'index') layouts.push(`${[...parts, last].join('/')}/route.tsx`);
  const segments = folders.filter((part) => !part.startsWith('_') && !/^\(.*\)$/.test(part));
  return { pattern: `/${segments.join('/')}`, layouts };
}

/** How well a page pattern matches a console path (without /dashboard): null when it does not; higher is closer. */
export function matchScore(pattern: string, path: string): number | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split(/[?#]/)[0]!.split('/').filter(Boolean);
  let score = 0;
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i]!;
    if (segment === '$') return i < have.length ? score : null;
    if (i >= have.length) return null;
    if (segment.startsWith('$')) continue;
    if (segment !== decodeSegment(have[i]!)) return null;
    score += 1;
  }
  return have.length === want.length ? score : null;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The files a page path preloads: those of the page route that matches it best (most literal segments), or none. */
export function preloadsFor(routes: readonly RoutePreload[], path: string): string[] {
  let best: RoutePreload | null = null;
  let bestScore = -1;
  for (const route of routes) {
    const score = matchScore(route.pattern, path);
    if (score !== null && score > bestScore) {
      best = route;
      bestScore = score;
    }
  }
  return best?.files ?? [];
}

const ATTRIBUTE_SAFE = /^[\w./-]+$/;

/**
 * `html` with the links of `files` before </head>; files the page already references (the entry chunk, its styles)
 * and any name that is not a plain asset path are left out. Styles are stylesheet links with the exact href Vite's
 * preload helper looks for, so it does not load them a second time.
 */
export function withRoutePreloads(html: string, files: readonly string[], base = '/dashboard/'): string {
  const links = files
    .filter((file) => ATTRIBUTE_SAFE.test(file) && !html.includes(`${base}${file}"`))
    .map((file) => (file.endsWith('.css') ? `<link rel="stylesheet" crossorigin href="${base}${file}">` : `<link rel="modulepreload" crossorigin href="${base}${file}">`));
  if (links.length === 0) return html;
  return html.includes('</head>') ? html.replace('</head>', `${links.join('')}</head>`) : `${links.join('')}${html}`;
}
