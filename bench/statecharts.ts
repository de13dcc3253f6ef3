// The statechart viewer (issue 26 "Done when": a chart of the largest machine, storage-explorer, lays out and
// paints in ≤ 300 ms). The dev server is started on its own port (the viewer is never in a build); in Chromium
// the viewer is opened on another chart (ELK's start-up is not counted), then switched to #storageExplorer and back,
// BENCH_CHART_RUNS times: from the hash change to the frame after the chart's SVG was inserted (elkjs layout +
// SVG markup + style, layout and paint). The layout alone in Node is reported beside it.
import type { ViteDevServer } from 'vite';
import { launchBrowser } from './support/browser.ts';
import { figure, result, type BenchResult } from './support/results.ts';

const PORT = Number(process.env.BENCH_CHARTS_PORT ?? 24293);
const RUNS = Number(process.env.BENCH_CHART_RUNS ?? 10);
const BUDGET = { 'browser.storage-explorer.layout-and-paint': 300 };

export async function statechartsBench(): Promise<BenchResult> {
  const { createServer } = await import('vite');
  let dev: ViteDevServer | undefined;
  const browser = await launchBrowser();
  try {
    dev = await createServer({ configFile: 'vite.config.ts', logLevel: 'warn', server: { host: '127.0.0.1', port: PORT, strictPort: true } });
    await dev.listen();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`http://127.0.0.1:${PORT}/dashboard/__statecharts#theme`);
    await page.waitForSelector('body[data-chart="theme"][data-paint-ms]', { timeout: 120_000 });
    const paint: number[] = [];
    const layout: number[] = [];
    for (let run = 0; run < RUNS + 1; run++) {
      await page.evaluate(() => (location.hash = '#storageExplorer'));
      await page.waitForSelector('body[data-chart="storageExplorer"][data-paint-ms]', { timeout: 30_000 });
      const ms = await page.evaluate(() => ({ paint: Number(document.body.dataset.paintMs), markup: Number(document.body.dataset.renderMs) }));
      if (run > 0) {
        paint.push(ms.paint);
        layout.push(ms.markup);
      }
      await page.evaluate(() => (location.hash = '#theme'));
      await page.waitForSelector('body[data-chart="theme"][data-paint-ms]', { timeout: 30_000 });
    }
    const states = await page.evaluate(() => {
      location.hash = '#storageExplorer';
      return new Promise<number[]>((resolve) =>
        setTimeout(() => resolve([document.querySelectorAll('[data-state]').length, document.querySelectorAll('[data-transition]').length]), 1500),
      );
    });
    return result(
      'statecharts',
      RUNS,
      {
        'browser.storage-explorer.layout-and-paint': figure('ms', paint, 'hash change -> the frame after the SVG was inserted (elkjs layout, markup, paint)'),
        'browser.storage-explorer.layout-and-markup': figure('ms', layout, 'hash change -> SVG markup inserted (no paint)'),
      },
      BUDGET,
      { storageExplorerStates: states[0], storageExplorerEdges: states[1] },
    );
  } finally {
    await browser.close();
    await dev?.close();
  }
}
