import { freshContext, launchBrowser, uncachedPage } from '/work/main/bench/support/browser.ts';
import { platformWithProject } from '/work/main/bench/support/platform.ts';
const { platform, session, ref } = await platformWithProject();
const browser = await launchBrowser();
try {
  const context = await freshContext(browser, session);
  await context.addInitScript(() => { (window as any).__probe = { ran: true, top: window.top === window, doc: !!document }; });
  const page = await uncachedPage(context);
  page.on('console', (m) => console.log('console:', m.text()));
  page.on('framenavigated', (f) => console.log('nav', f.url()));
  await page.goto(`${platform.url}/dashboard/project/${ref}`, { waitUntil: 'commit' });
  await page.waitForTimeout(4000);
  console.log(await page.evaluate(() => ({ probe: (window as any).__probe, h: document.getElementById('project-title')?.outerHTML, url: location.href, ric: typeof requestIdleCallback })));
} finally { await browser.close(); await platform.stop(); }
