import { describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH, e2eChromiumPath } from './chromium.ts';

describe('the e2e browser', () => {
  it("is Debian's headless shell when installed, else the full Chromium", () => {
    expect(e2eChromiumPath({}, (path) => path === HEADLESS_SHELL_PATH)).toBe('/usr/bin/chromium-headless-shell');
    expect(e2eChromiumPath({}, () => false)).toBe('/usr/bin/chromium');
  });

  it('is CHROMIUM_PATH when set, installed shell or not', () => {
    expect(e2eChromiumPath({ CHROMIUM_PATH: '/opt/chromium/chrome' }, () => true)).toBe('/opt/chromium/chrome');
    expect(e2eChromiumPath({ CHROMIUM_PATH: '' }, () => false)).toBe('/usr/bin/chromium');
  });

  it('leaves the benchmarks on the full browser a user runs, not the shell', () => {
    if (process.env.CHROMIUM_PATH) expect(CHROMIUM_PATH).toBe(process.env.CHROMIUM_PATH);
    else expect(CHROMIUM_PATH).not.toBe(HEADLESS_SHELL_PATH);
  });
});
