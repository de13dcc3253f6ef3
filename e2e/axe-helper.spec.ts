import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { axeFindings, WCAG_TAGS } from './axe.ts';

// The axe helper (e2e/axe.ts) that the e2e specs check pages with: it runs axe-core kept in the page, and reports
// what axe finds. It checks the page as it settles, not a frame of an animation: text fading in (a toast) is part
// transparent and axe measured its contrast as such (a full e2e run failed once on a toast at 4.48:1, which passes at
// 4.5 once drawn). This page's text passes when settled (#767676 on white, 4.54:1) and fails at the start of its fade-in.
const FADING_TEXT = `<!doctype html><html lang="en"><head><title>Fade</title><style>
  @keyframes fade { from { opacity: 0 } }
  body { background: #fff; }
  p { color: #767676; animation: fade 2s linear -200ms paused; }
  i { display: inline-block; width: 8px; height: 8px; animation: spin 1s linear infinite; }
  @keyframes spin { to { transform: rotate(360deg) } }
</style></head><body><main><h1>Fade</h1><p>Created API key backend_worker</p><i></i></main></body></html>`;

test('axe runs once finite animations end, and does not wait for endless ones', async ({ page }) => {
  await page.setContent(FADING_TEXT);
  // The fade is held a tenth of the way in (paused), so this does not depend on how fast axe runs: axe itself finds the text
  // too faint, and the page does exercise the case.
  const early = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  expect(early.violations.map((v) => v.id)).toContain('color-contrast');
  // The fade now runs: the helper waits for it (not for the endless spin) and finds nothing.
  await page.evaluate(() => document.querySelector('p')!.getAnimations().forEach((animation) => animation.play()));
  expect(await axeFindings(page)).toEqual([]);
});

test('the helper reports what axe finds, on a first check and on a later one of the same document (axe kept in it)', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Faint</title></head><body><main><h1>Faint</h1>
    <p style="color:#bbb;background:#fff">Too faint to read</p></main></body></html>`);
  const first = await axeFindings(page);
  expect(first.map((f) => f.rule)).toEqual(['color-contrast']);
  expect(first[0]!.nodes[0]).toMatch(/^p — .*insufficient color contrast/);
  // The page changes without a new document: the next check sees the change.
  await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'));
  expect((await axeFindings(page)).map((f) => f.rule).sort()).toEqual(['color-contrast', 'image-alt']);
  expect(await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe)).toBe('object');
});
