// Debian's Chromium through playwright-core (never a downloaded browser), fresh contexts with the cache off,
// and the signed-in state the console reads from localStorage.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Session } from './platform.ts';
import { CHROMIUM_ARGS as FLAGS, CHROMIUM_PATH as CHROMIUM } from '../../e2e/support/chromium.ts';

export const AUTH_STORAGE_KEY = 'strata.dashboard.auth.token';


export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}

/** A new context (empty cache and storage), signed in with `session` when given, with the HTTP cache disabled. */
export async function freshContext(browser: Browser, session?: Session): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (session) {
    // auth-js stores the session as this JSON under its storage key; set before any page script runs.
    await context.addInitScript(
      ({ key, value }) => {
        window.localStorage.setItem(key, value);
      },
      { key: AUTH_STORAGE_KEY, value: JSON.stringify(session) },
    );
  }
  return context;
}

/** A page of `context` whose HTTP cache is disabled through the DevTools protocol. */
export async function uncachedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return page;
}
