// Not a benchmark: prints the timeline of one table open (scripts, API calls, first row), for finding where the
// time goes (issue 25). `npx tsx bench/profile/open.ts`.
import { freshContext, launchBrowser, uncachedPage } from '../support/browser.ts';
import { createOrganization, createProject, ensureBuilt, query, signUp, startPlatform, waitApiReady } from '../support/platform.ts';

ensureBuilt();
const platform = await startPlatform();
try {
  await waitApiReady(platform);
  const session = await signUp(platform.url);
  const token = session.access_token;
  const { slug } = await createOrganization(platform.url, token);
  const { ref } = await createProject(platform.url, token, slug, 'Profile');
  await query(platform.url, token, ref, `create table public.t as select i::bigint as id, 'n' || i as name, i % 1000 as score from generate_series(1, 10000) i; alter table public.t add primary key (id)`);
  const [{ id }] = (await query(platform.url, token, ref, `select 'public.t'::regclass::oid::int as id`)) as [{ id: number }];
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.PROFILE_WAIT_MS ?? 0)));
  const browser = await launchBrowser();
  const context = await freshContext(browser, session);
  const url = `${platform.url}/dashboard/project/${ref}/editor/${id}?schema=public`;
  for (const mode of ['empty', 'cached', 'cached']) {
    const page = mode === 'empty' ? await uncachedPage(context) : await context.newPage();
    if (mode !== 'empty') await page.goto('about:blank');
    page.on('pageerror', (error) => console.log('PAGE ERROR', error.message));
    page.on('console', (message) => { if (message.type() === 'error') console.log('CONSOLE', message.text()); });
    const t0 = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => !!document.querySelector('[role="grid"] [aria-rowindex="2"] [data-column="id"]'), undefined, { polling: 'raf', timeout: 30000 }).catch(async (error) => {
      await page.screenshot({ path: '/tmp/me-open.png' });
      console.log('BODY', (await page.evaluate(() => document.body.innerText)).slice(0, 500));
      throw error;
    });
    const total = Date.now() - t0;
    const entries = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        nav: { responseEnd: nav.responseEnd, domInteractive: nav.domInteractive },
        res: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
          name: r.name.replace(location.origin, ''), start: Math.round(r.startTime), end: Math.round(r.responseEnd), size: r.transferSize,
        })),
        marks: performance.getEntriesByType('mark').map((m) => ({ name: m.name, t: Math.round(m.startTime) })),
        now: Math.round(performance.now()),
      };
    });
    console.log(`\n=== ${mode}: first row after ${total} ms (page clock now ${entries.now}); html end ${Math.round(entries.nav.responseEnd)}, domInteractive ${Math.round(entries.nav.domInteractive)}`);
    for (const r of entries.res.sort((a, b) => a.start - b.start)) console.log(`${String(r.start).padStart(6)} ${String(r.end).padStart(6)} ${String(r.size).padStart(7)} ${r.name.slice(0, 110)}`);
    for (const m of entries.marks) console.log(`mark ${m.t} ${m.name}`);
    await page.close();
  }
  await browser.close();
} finally {
  await platform.stop();
}
