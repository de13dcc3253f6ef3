// Not a benchmark: a CPU profile of one cached table open, self time by script and function (issue 25).
// `npx tsx bench/profile/open-cpu.ts`.
import { writeFileSync } from 'node:fs';
import { freshContext, launchBrowser } from '../support/browser.ts';
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
  const browser = await launchBrowser();
  const context = await freshContext(browser, session);
  const url = `${platform.url}/dashboard/project/${ref}/editor/${id}?schema=public`;
  const warm = await context.newPage();
  await warm.goto(url);
  await warm.waitForFunction(() => !!document.querySelector('[role="grid"] [aria-rowindex="2"] [data-column="id"]'), undefined, { polling: 'raf', timeout: 60000 });
  await warm.close();
  const page = await context.newPage();
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => !!document.querySelector('[role="grid"] [aria-rowindex="2"] [data-column="id"]'), undefined, { polling: 'raf', timeout: 60000 });
  const total = Date.now() - t0;
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }>; samples: number[]; timeDeltas: number[] } };
  // PROFILE_OUT=<file>: the raw profile, for mapping minified positions to sources (a build with --sourcemap).
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((s, i) => selfMs.set(s, (selfMs.get(s) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byScript = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const [nid, ms] of selfMs) {
    const n = byNode.get(nid)!;
    const script = n.callFrame.url.replace(/^.*\/assets\//, '') || `(${n.callFrame.functionName || 'native'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const fn = `${n.callFrame.functionName || '(anon)'} ${script}:${n.callFrame.lineNumber}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
  }
  console.log(`first row after ${total} ms`);
  const parent = new Map<number, number>();
  for (const n of profile.nodes as Array<{ id: number; children?: number[] }>) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id: number) => { const n = byNode.get(id)!; return `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\/assets\//, '')}:${n.callFrame.lineNumber}`; };
  for (const wanted of (process.env.STACKS ?? 'appendChild,c,d.current').split(',')) {
    const stacks = new Map<string, number>();
    for (const [nid, ms] of selfMs) {
      if (byNode.get(nid)!.callFrame.functionName !== wanted) continue;
      const chain: string[] = [];
      let p = parent.get(nid);
      while (p !== undefined && chain.length < 6) { chain.push(label(p)); p = parent.get(p); }
      const key = chain.join(' < ');
      stacks.set(key, (stacks.get(key) ?? 0) + ms);
    }
    console.log(`--- stacks of ${wanted}`);
    for (const [k, ms] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`${ms.toFixed(1).padStart(8)} ${k}`);
  }
  const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, ms]) => `${ms.toFixed(1).padStart(8)} ${n}`).join('\n');
  console.log('--- self time by script\n' + top(byScript, 25));
  console.log('--- self time by function\n' + top(byFn, 40));
  await browser.close();
} finally {
  await platform.stop();
}
