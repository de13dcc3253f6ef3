import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

// The accessibility check every e2e page can call (issue 24): axe-core's WCAG 2.0 and 2.1 level A and AA rules, in
// the page as it is now. Critical and serious findings fail the test; moderate and minor ones are not counted
// (issue 24's bar: "0 critical and 0 serious findings on every page of the console in both themes").
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['critical', 'serious']);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** Each offending element: its selector and axe's summary of what is wrong (e.g. the contrast ratio). */
  nodes: string[];
}

/**
 * Waits for the page's finite CSS animations and transitions to end (a toast sliding in, a dialog rising). axe
 * computes contrast from the colours as drawn: text fading in is measured part-transparent. A full run saw a toast's
 * text at 4.48:1 mid fade-in (foreground #828282 on #1b1b1b) where the settled toast passes. Endless animations
 * (spinners) are not waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Running ones only: a paused animation would never finish.
    const finite = document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** axe-core itself, with the configuration @axe-core/playwright gives it in legacy mode (frames of the same origin). */
const AXE_SCRIPT = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });`;

/**
 * Puts axe-core into each frame of the page that does not have it yet. @axe-core/playwright evaluated axe's 1.3 MB
 * source twice in the page for every check (in `analyze()`, then again injecting into each frame); kept in the page,
 * it is evaluated once per document: a sweep that moves from route to route within the console (a11y-routes) keeps
 * it, and a full load brings a new document that gets it again.
 */
async function ensureAxe(page: Page): Promise<void> {
  const hasAxe = () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function';
  // The page itself must get it (an error here is the check's error); a child frame that cannot (gone, another
  // origin) is skipped, as @axe-core/playwright does.
  if (!(await page.mainFrame().evaluate(hasAxe))) await page.mainFrame().evaluate(AXE_SCRIPT);
  for (const frame of page.frames().slice(1)) {
    const present = await frame.evaluate(hasAxe).catch(() => true);
    if (!present) await frame.evaluate(AXE_SCRIPT).catch(() => undefined);
  }
}

interface RawViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe on the page, once its animations have ended, and returns its critical and serious WCAG A/AA findings. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await settleAnimations(page);
  await ensureAxe(page);
  // The options AxeBuilder's withTags and options gave axe.run (legacy mode runs axe in the page itself: the default
  // mode opens a blank page for every check to combine frame results, ~1-2 s each on this machine, and the console
  // has no cross-origin frames to combine).
  // resultTypes: only violations get their nodes listed in full; axe otherwise builds a selector and a summary for
  // every node that passes or is incomplete too (thousands on a big page), which this check never reads. The same
  // rules run over the same nodes: the violations are the same.
  const violations = await page.evaluate(async (tags) => {
    const { axe: run } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: RawViolation[] }> } };
    const results = await run.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, WCAG_TAGS);
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`),
    }));
}

/** Fails with a readable list when axe finds anything critical or serious on the page (soft: the test goes on). */
export async function expectNoAxeFindings(page: Page, where: string, options: { soft?: boolean } = {}): Promise<void> {
  const findings = await axeFindings(page);
  const report = findings.map((f) => `${f.rule} (${f.impact}): ${f.help}\n    ${f.nodes.join('\n    ')}`).join('\n');
  (options.soft ? expect.soft : expect)(findings, `axe on ${where}:\n${report}`).toEqual([]);
}
