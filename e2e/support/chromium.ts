import { existsSync } from 'node:fs';

// Debian's Chromium, never a downloaded browser, with the flags this machine needs (no sandbox as root, no
// background network calls that the closed network would refuse).

/** The benchmarks' browser: Debian's full Chromium, the browser a user runs (`CHROMIUM_PATH` overrides). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The end-to-end tests' browser: Debian's `chromium-headless-shell` when it is installed (`.ci/run` installs it), else
 * the full browser; `CHROMIUM_PATH` overrides both. The shell is the same Chromium build (same Debian source package
 * and version, the same Blink and V8) without the desktop browser around it: what Playwright itself runs headless
 * tests in. Measured on this 2-core machine, the same four specs (33 tests, with the global setup): 93.7 s with the
 * full browser, 74.3 s with the shell; the browser's processes used 119 s of CPU against 84 s.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export function e2eChromiumPath(env: NodeJS.ProcessEnv = process.env, installed: (path: string) => boolean = existsSync): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return installed(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : '/usr/bin/chromium';
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
