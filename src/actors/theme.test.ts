// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { THEME_SWITCHING_ATTRIBUTE } from '../domain/theme.ts';
import { applyThemeToDocument } from './theme.ts';

/** The names of <html>'s attributes `run` changes, in order. */
async function changes(run: (root: HTMLElement) => void, initial?: string): Promise<string[]> {
  const root = document.createElement('html');
  if (initial) root.dataset.theme = initial;
  const seen: string[] = [];
  const observer = new MutationObserver((records) => seen.push(...records.map((record) => record.attributeName ?? '')));
  observer.observe(root, { attributes: true });
  run(root);
  await Promise.resolve();
  observer.disconnect();
  return seen;
}

describe('applyThemeToDocument', () => {
  it('switches with transitions off around the change, and leaves them on', async () => {
    let root: HTMLElement | undefined;
    const order = await changes((r) => {
      root = r;
      applyThemeToDocument(r, 'light');
    }, 'dark');
    expect(order).toEqual([THEME_SWITCHING_ATTRIBUTE, 'data-theme', THEME_SWITCHING_ATTRIBUTE]);
    expect(root!.dataset.theme).toBe('light');
    expect(root!.hasAttribute(THEME_SWITCHING_ATTRIBUTE)).toBe(false);
  });

  it('sets a first theme as it is (nothing drawn yet to switch from), and does nothing for the theme shown', async () => {
    expect(await changes((r) => applyThemeToDocument(r, 'dark'))).toEqual(['data-theme']);
    expect(await changes((r) => applyThemeToDocument(r, 'dark'), 'dark')).toEqual([]);
  });
});
