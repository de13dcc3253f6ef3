// The fixed ports of the e2e run, in one place. They sit below Linux's ephemeral range (32768–60999 by default): a
// fixed port inside it can be held by any outgoing connection of the run (a Postgres client, Chromium), which is how
// CI once found the statechart spec's dev server port "already in use".
export const E2E_PORT = Number(process.env.E2E_PORT ?? 24391);
export const E2E_BASE = `http://127.0.0.1:${E2E_PORT}`;
/** help-banner's assistant stub (the e2e platform's STRATA_ASSISTANT_URL) and consent-telemetry's own platform. */
export const ASSISTANT_STUB_PORT = E2E_PORT + 7;
export const TELEMETRY_PLATFORM_PORT = E2E_PORT + 7;
export const SIGNALS_ADMIN_PORT = E2E_PORT + 8;
export const SIGNALS_LOCAL_PORT = E2E_PORT + 9;
export const SIGNALS_EVENTS_PORT = E2E_PORT + 11;
/** The statechart viewer's vite dev server (e2e/statecharts.spec.ts). */
export const STATECHARTS_DEV_PORT = Number(process.env.STATECHARTS_DEV_PORT ?? E2E_PORT + 12);
