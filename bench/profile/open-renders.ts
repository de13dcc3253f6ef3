// Not a benchmark: what React renders on a cached table open, and when the first row is shown, for one or more
// builds side by side (issue 25). `npx tsx bench/profile/open-renders.ts` measures dist/; `OPEN_RENDERS_DISTS=a,b`
// (build folders made with `npx vite build --outDir <dir>`) alternates between them, `OPEN_RENDERS_ROUNDS` (10) opens
// each. One platform per build with the peer bench's table shape (20,000 rows).
//
// In the page, a stand-in for React's DevTools hook (React calls it after every commit, also in production builds)
// counts the components each commit rendered (a component counts when React ran it in that commit; a subtree React
// skipped is not walked) and notes the first commit that shows row 1's id. Per open it reports, in the page's clock
// (ms since navigation start): `row` (that commit), `painted` (a task after the next frame, so the row's layout and
// paint are in), the long-task time before `row`, and the components rendered before it (and, with
// OPEN_RENDERS_SETTLE_MS, in that long after it); the first open of each
// build prints its commits. Figures in the page's clock leave out the DevTools round trips that make the Node-side
// timings of open-ab.ts noisy.
import type { BrowserContext } from 'playwright-core';
import { freshContext, launchBrowser } from '../support/browser.ts';
import { createOrganization, createProject, ensureBuilt, query, signUp, startPlatform, waitApiReady, type Platform, type Session } from '../support/platform.ts';

const DISTS = (process.env.OPEN_RENDERS_DISTS ?? '').split(',').map((dist) => dist.trim()).filter(Boolean);
const ROUNDS = Number(process.env.OPEN_RENDERS_ROUNDS ?? 10);
// How long after the row's frame the page is read: commits after the row (the count arriving, late reads) show then.
const SETTLE_MS = Number(process.env.OPEN_RENDERS_SETTLE_MS ?? 0);

// As plain text: a function handed to addInitScript would be serialized with the helpers tsx adds around it.
const HOOK = `
window.__strataOpen = { commits: [], rowAt: null, paintedAt: null, longTasks: [] };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__strataOpen.longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: 'longtask', buffered: true });
const isComponent = (fiber) => typeof fiber.type === 'function' || (fiber.type !== null && typeof fiber.type === 'object');
const nameOf = (fiber) => {
  const type = typeof fiber.type === 'function' ? fiber.type : fiber.type && (fiber.type.render || fiber.type.type);
  return (type && (type.displayName || type.name)) || '?';
};
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  renderers: new Map(),
  inject() { return 1; },
  checkDCE() {},
  onScheduleFiberRoot() {},
  onCommitFiberUnmount() {},
  onPostCommitFiberRoot() {},
  onCommitFiberRoot(_id, root) {
    const state = window.__strataOpen;
    const names = {};
    let rendered = 0;
    const visit = (fiber) => {
      for (; fiber; fiber = fiber.sibling) {
        // PerformedWork (1): React ran this component in this commit.
        if (isComponent(fiber) && (fiber.flags & 1) === 1) {
          rendered += 1;
          const name = nameOf(fiber);
          names[name] = (names[name] || 0) + 1;
        }
        // A child list React did not touch is the one of the previous commit: nothing under it rendered.
        if (fiber.child && !(fiber.alternate && fiber.alternate.child === fiber.child)) visit(fiber.child);
      }
    };
    visit(root.current.child);
    const cell = document.querySelector('[role="grid"] [aria-rowindex="2"] [data-column="id"]');
    const showsRow = !!cell && (cell.textContent || '').trim() === '1';
    state.commits.push({ at: performance.now(), rendered, names, showsRow });
    if (showsRow && state.rowAt === null) {
      state.rowAt = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { state.paintedAt = performance.now(); };
        channel.port2.postMessage(0);
      });
    }
  },
};`;

interface Side { dist: string; platform: Platform; session: Session; context?: BrowserContext; url: string }
interface Commit { at: number; rendered: number; names: Record<string, number>; showsRow: boolean }
interface OpenState { commits: Commit[]; rowAt: number | null; paintedAt: number | null; longTasks: Array<[number, number]> }

async function prepare(dist: string): Promise<Side> {
  const platform = await startPlatform(dist === 'dist' ? {} : { env: { STRATA_DIST_DIR: dist } });
  await waitApiReady(platform);
  const session = await signUp(platform.url);
  const { slug } = await createOrganization(platform.url, session.access_token);
  const { ref } = await createProject(platform.url, session.access_token, slug, 'Open renders');
  await query(platform.url, session.access_token, ref, `create table public.t as select i::bigint as id, 'name ' || i as name, ((i::bigint * 7919) % 100003)::int as score, now() - i * interval '1 minute' as created_at, jsonb_build_object('i', i) as doc from generate_series(1, 20000) i; alter table public.t add primary key (id)`);
  const [{ id }] = (await query(platform.url, session.access_token, ref, `select 'public.t'::regclass::oid::int as id`)) as [{ id: number }];
  return { dist, platform, session, url: `${platform.url}/dashboard/project/${ref}/editor/${id}?schema=public` };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
};

if (DISTS.length === 0) ensureBuilt();
const sides: Side[] = [];
try {
  for (const dist of DISTS.length ? DISTS : ['dist']) sides.push(await prepare(dist));
  const browser = await launchBrowser();
  for (const side of sides) {
    side.context = await freshContext(browser, side.session);
    await side.context.addInitScript({ content: HOOK });
    // Warm: the HTTP cache holds the console's code, as on a user's second visit.
    const warm = await side.context.newPage();
    await warm.goto(side.url);
    await warm.waitForFunction(() => (window as unknown as { __strataOpen: OpenState }).__strataOpen.paintedAt !== null, undefined, { timeout: 60_000 });
    await warm.close();
  }
  const figures: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      const page = await side.context!.newPage();
      await page.goto('about:blank');
      await page.goto(side.url);
      await page.waitForFunction(() => (window as unknown as { __strataOpen: OpenState }).__strataOpen.paintedAt !== null, undefined, { timeout: 60_000 });
      if (SETTLE_MS > 0) await page.waitForTimeout(SETTLE_MS);
      const state = await page.evaluate(() => (window as unknown as { __strataOpen: OpenState }).__strataOpen);
      const rowAt = state.rowAt!;
      const before = state.commits.filter((commit) => commit.at <= rowAt);
      const add = (name: string, value: number) => (figures[`${side.dist} ${name}`] ??= []).push(Math.round(value));
      add('row', rowAt);
      add('painted', state.paintedAt!);
      add('long-tasks-before-row', state.longTasks.filter(([start]) => start < rowAt).reduce((sum, [, duration]) => sum + duration, 0));
      add('rendered-before-row', before.reduce((sum, commit) => sum + commit.rendered, 0));
      add('commits-before-row', before.length);
      if (SETTLE_MS > 0) add(`rendered-in-${SETTLE_MS}-ms-after-row`, state.commits.filter((commit) => commit.at > rowAt && commit.at <= rowAt + SETTLE_MS).reduce((sum, commit) => sum + commit.rendered, 0));
      if (round === 0) {
        console.log(`\n${side.dist}: commits of the first open (page clock ms, components rendered, the most rendered)`);
        for (const commit of state.commits) {
          const most = Object.entries(commit.names).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, n]) => `${name}:${n}`).join(' ');
          console.log(`${String(Math.round(commit.at)).padStart(6)} ${String(commit.rendered).padStart(4)} ${commit.showsRow ? 'row' : '   '} ${most}`);
        }
      }
      await page.close();
    }
  }
  await browser.close();
  console.log('');
  for (const [key, values] of Object.entries(figures)) console.log(`${key.padEnd(44)} median ${String(median(values)).padStart(6)}  [${values.join(', ')}]`);
} finally {
  for (const side of sides) await side.platform.stop();
}
