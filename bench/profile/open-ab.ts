// Not a benchmark: A/B of a cached table open between two builds of the console, alternating in one run (issue 25).
// `OPEN_AB_A=<dist dir> OPEN_AB_B=<dist dir> npx tsx bench/profile/open-ab.ts` (each built with `npx vite build
// --outDir <dir>`). One platform per build, each with the peer bench's table shape (5 columns, OPEN_AB_ROWS rows);
// per round and build: a cached open of the table and of its address sorted by `score desc`, timed from the
// navigation to the first row's id (the sorted one's). Medians over OPEN_AB_ROUNDS rounds.
import type { BrowserContext } from 'playwright';
import { freshContext, launchBrowser } from '../support/browser.ts';
import { createOrganization, createProject, query, signUp, startPlatform, waitApiReady, type Platform } from '../support/platform.ts';

const ROWS = Number(process.env.OPEN_AB_ROWS ?? 20_000);
const ROUNDS = Number(process.env.OPEN_AB_ROUNDS ?? 8);
const builds = { A: process.env.OPEN_AB_A, B: process.env.OPEN_AB_B };
if (!builds.A || !builds.B) throw new Error('set OPEN_AB_A and OPEN_AB_B to two build folders');

interface Side { name: string; platform: Platform; session: Awaited<ReturnType<typeof signUp>>; context?: BrowserContext; url: string; firstId: string; sortedId: string }

async function prepare(name: string, dist: string): Promise<Side> {
  const platform = await startPlatform({ env: { STRATA_DIST_DIR: dist } });
  await waitApiReady(platform);
  const session = await signUp(platform.url);
  const token = session.access_token;
  const { slug } = await createOrganization(platform.url, token);
  const { ref } = await createProject(platform.url, token, slug, 'Open AB');
  await query(platform.url, token, ref, `create table public.t as select i::bigint as id, 'name ' || i as name, ((i::bigint * 7919) % 100003)::int as score, now() - i * interval '1 minute' as created_at, jsonb_build_object('i', i) as doc from generate_series(1, ${ROWS}) i; alter table public.t add primary key (id)`);
  const [{ id, top }] = (await query(platform.url, token, ref, `select 'public.t'::regclass::oid::int as id, (select id from public.t order by score desc, id limit 1)::text as top`)) as [{ id: number; top: string }];
  return { name, platform, session, url: `${platform.url}/dashboard/project/${ref}/editor/${id}?schema=public`, firstId: '1', sortedId: top };
}

/** OPEN_AB_CPU=1: each open also sampled by the CPU profiler; reported: the main thread's busy time (all but idle, JS
 * and the browser's own work) and the part of it in react-aria's scripts. */
const CPU = process.env.OPEN_AB_CPU === '1';
interface CpuProfile { nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>; samples: number[]; timeDeltas: number[] }
function busy(profile: CpuProfile): Record<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const sums = { busy: 0, aria: 0 };
  profile.samples.forEach((sample, i) => {
    const { functionName, url } = byId.get(sample)!.callFrame;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (functionName === '(idle)') return;
    sums.busy += ms;
    if (/\/assets\/aria-/.test(url)) sums.aria += ms;
  });
  return sums;
}

const firstRow = ([id]: [string]) => {
  const cell = document.querySelector('[role="grid"] [aria-rowindex="2"] [data-column="id"]');
  return !!cell && (cell.textContent ?? '').trim() === id;
};

const sides: Side[] = [];
try {
  for (const [name, dist] of Object.entries(builds)) sides.push(await prepare(name, dist!));
  const browser = await launchBrowser();
  for (const side of sides) {
    side.context = await freshContext(browser, side.session);
    const warm = await side.context.newPage();
    await warm.goto(side.url);
    await warm.waitForFunction(firstRow, [side.firstId] as [string], { polling: 'raf', timeout: 60_000 });
    await warm.goto(`${side.url}&sort=score%3Adesc`);
    await warm.waitForFunction(firstRow, [side.sortedId] as [string], { polling: 'raf', timeout: 60_000 });
    await warm.close();
  }
  const times: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      for (const [step, url, id] of [['open', side.url, side.firstId], ['sort-url', `${side.url}&sort=score%3Adesc`, side.sortedId]] as const) {
        const page = await side.context!.newPage();
        await page.goto('about:blank');
        const cdp = CPU ? await side.context!.newCDPSession(page) : null;
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        const t0 = Date.now();
        await page.goto(url, { waitUntil: 'commit' });
        await page.waitForFunction(firstRow, [id] as [string], { polling: 'raf', timeout: 60_000 });
        (times[`${step} ${side.name}`] ??= []).push(Date.now() - t0);
        if (cdp) {
          const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
          for (const [what, ms] of Object.entries(busy(profile))) (times[`${step} ${side.name} ${what}`] ??= []).push(Math.round(ms));
        }
        await page.close();
      }
    }
  }
  await browser.close();
  const median = (values: number[]) => { const s = [...values].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };
  for (const [key, values] of Object.entries(times)) console.log(`${key.padEnd(12)} median ${median(values)} ms  [${values.join(', ')}]`);
} finally {
  for (const side of sides) await side.platform.stop();
}
