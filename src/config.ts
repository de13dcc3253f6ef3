// Runtime configuration the platform writes into index.html (a JSON script element), so one build serves
// both modes (spec A1: platform or self-hosted/local).
import type { FeatureFlags } from './domain/navigation/flags.ts';
export interface ConsoleConfig {
  mode: 'platform' | 'self-hosted';
  /** Id of the build this page was served from (spec A2.14: the version notice compares the served one with it). */
  build?: string;
  /** A telemetry setting is on: consent is asked (spec A4.10) and telemetry may start (A4.13). */
  telemetry?: boolean;
  /** ENABLED_FEATURES_OVERRIDE_DISABLE_ALL (spec A4.12). */
  disableAllFeatures?: boolean;
  /**
   * The flag values when the platform served the page (spec A4.12: defaults, its remote flags, the override cookie):
   * the first render's flags, so it shows what the flags provider loads after it (server/http/console.ts).
   */
  flags?: FeatureFlags;
}

const DEFAULT_CONFIG: ConsoleConfig = { mode: 'platform' };

/**
 * The platform writes the flags (server/http/console.ts), but a page saved or served by something else may carry
 * anything: only an object of booleans counts, keeping its boolean entries; otherwise main.tsx computes the flags.
 */
function flagsOf(value: unknown): { flags?: FeatureFlags } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return { flags: Object.fromEntries(Object.entries(value).filter(([, flag]) => typeof flag === 'boolean')) };
}

export function readConsoleConfig(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document): ConsoleConfig {
  const element = doc?.getElementById('strata-config');
  if (!element?.textContent) return DEFAULT_CONFIG;
  try {
    const parsed = JSON.parse(element.textContent) as Partial<ConsoleConfig>;
    return {
      mode: parsed.mode === 'self-hosted' ? 'self-hosted' : 'platform',
      ...(typeof parsed.build === 'string' ? { build: parsed.build } : {}),
      telemetry: parsed.telemetry === true,
      disableAllFeatures: parsed.disableAllFeatures === true,
      ...flagsOf(parsed.flags),
    };
  } catch {
    return DEFAULT_CONFIG;
  }
}
