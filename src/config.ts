// Runtime configuration the platform writes into index.html (a JSON script element), so one build serves
// both modes (spec A1: platform or self-hosted/local).
export interface ConsoleConfig {
  mode: 'platform' | 'self-hosted';
}

const DEFAULT_CONFIG: ConsoleConfig = { mode: 'platform' };

export function readConsoleConfig(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document): ConsoleConfig {
  const element = doc?.getElementById('strata-config');
  if (!element?.textContent) return DEFAULT_CONFIG;
  try {
    const parsed = JSON.parse(element.textContent) as Partial<ConsoleConfig>;
    return { mode: parsed.mode === 'self-hosted' ? 'self-hosted' : 'platform' };
  } catch {
    return DEFAULT_CONFIG;
  }
}
