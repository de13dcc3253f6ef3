import { describe, expect, it } from 'vitest';
import { readConsoleConfig } from './config.ts';

/** A document whose strata-config element holds `text`. */
const page = (text: string | null) => ({ getElementById: (id: string) => (id === 'strata-config' && text !== null ? ({ textContent: text } as HTMLElement) : null) });

describe('readConsoleConfig', () => {
  it('reads the mode, build, telemetry and flags the platform wrote', () => {
    const config = readConsoleConfig(page(JSON.stringify({ mode: 'self-hosted', build: 'b1', telemetry: true, flags: { billingAll: false, logsAll: true } })));
    expect(config).toEqual({ mode: 'self-hosted', build: 'b1', telemetry: true, disableAllFeatures: false, flags: { billingAll: false, logsAll: true } });
  });

  it('keeps only the boolean flags; flags that are not an object are left out (main.tsx then computes them)', () => {
    expect(readConsoleConfig(page(JSON.stringify({ flags: { billingAll: 'yes', logsAll: false, n: 1, o: {} } }))).flags).toEqual({ logsAll: false });
    for (const flags of [null, 'on', 3, true, ['billingAll']]) {
      expect(readConsoleConfig(page(JSON.stringify({ flags })))).not.toHaveProperty('flags');
    }
  });

  it('falls back to the platform mode without the element or with broken JSON', () => {
    expect(readConsoleConfig(page(null))).toEqual({ mode: 'platform' });
    expect(readConsoleConfig(page('{not json'))).toEqual({ mode: 'platform' });
    expect(readConsoleConfig(page(JSON.stringify({ mode: 'other' }))).mode).toBe('platform');
  });
});
