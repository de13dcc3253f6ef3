// The theme sandbox of spec A2.14, a developer tool: main.tsx loads this module only when import.meta.env.DEV, so the
// platform build never holds it (e2e/signals-admin.spec.ts checks every built file). With #theme-sandbox in the URL
// or a stored theme-sandbox entry, a panel lists the theme's brand, border, background and foreground colours as
// HSL strings, grouped by family; 'Apply Theme' sets and stores them, 'Reset localStorage' forgets them, 'Exit
// Sandbox' forgets them and closes the panel. Plain DOM: it must not depend on the app it restyles.
import { vars } from '../ui/theme.css.ts';
import {
  sandboxCssValue,
  sandboxGroupOf,
  SANDBOX_GROUPS,
  THEME_SANDBOX_ACTIONS,
  THEME_SANDBOX_HASH,
  THEME_SANDBOX_KEY,
  themeSandboxActive,
  toHslString,
} from '../domain/theme-sandbox.ts';

/** The custom property behind a contract var: 'var(--brand__x1)' -> '--brand__x1'. */
const propertyOf = (reference: string) => /var\((--[^),]+)/.exec(reference)?.[1] ?? null;

function readStored(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(THEME_SANDBOX_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function applyValues(values: Record<string, string>) {
  const colors = vars.color as Record<string, string>;
  for (const [token, value] of Object.entries(values)) {
    const property = colors[token] ? propertyOf(colors[token]) : null;
    if (property && value.trim()) document.documentElement.style.setProperty(property, sandboxCssValue(value));
  }
}

function clearValues() {
  for (const reference of Object.values(vars.color as Record<string, string>)) {
    const property = propertyOf(reference);
    if (property) document.documentElement.style.removeProperty(property);
  }
}

export function startThemeSandbox(): void {
  applyValues(readStored());
  const open = () => {
    if (themeSandboxActive(location.hash, localStorage.getItem(THEME_SANDBOX_KEY)) && !document.getElementById('theme-sandbox-panel')) showPanel();
  };
  open();
  window.addEventListener('hashchange', open);
}

function showPanel() {
  const panel = document.createElement('aside');
  panel.id = 'theme-sandbox-panel';
  panel.setAttribute('aria-label', 'Theme sandbox');
  panel.style.cssText =
    'position:fixed;right:12px;bottom:12px;z-index:2147483000;max-height:70vh;overflow:auto;width:320px;padding:12px;' +
    'background:#111;color:#eee;border:1px solid #555;border-radius:8px;font:12px/1.4 system-ui,sans-serif';
  const colors = vars.color as Record<string, string>;
  const computed = getComputedStyle(document.documentElement);
  const stored = readStored();
  const inputs = new Map<string, HTMLInputElement>();
  for (const group of SANDBOX_GROUPS) {
    const fieldset = document.createElement('fieldset');
    fieldset.style.cssText = 'border:1px solid #444;margin:0 0 8px;padding:6px';
    const legend = document.createElement('legend');
    legend.textContent = group;
    fieldset.append(legend);
    for (const token of Object.keys(colors).filter((name) => sandboxGroupOf(name) === group)) {
      const property = propertyOf(colors[token]!);
      const label = document.createElement('label');
      label.style.cssText = 'display:grid;grid-template-columns:1fr 150px;gap:6px;margin:2px 0';
      label.textContent = token;
      const input = document.createElement('input');
      input.value = stored[token] ?? (property ? (toHslString(computed.getPropertyValue(property)) ?? computed.getPropertyValue(property).trim()) : '');
      label.append(input);
      fieldset.append(label);
      inputs.set(token, input);
    }
    panel.append(fieldset);
  }
  const button = (text: string, onClick: () => void) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = text;
    element.style.marginRight = '6px';
    element.addEventListener('click', onClick);
    panel.append(element);
  };
  button(THEME_SANDBOX_ACTIONS.apply, () => {
    const values = Object.fromEntries([...inputs].map(([token, input]) => [token, input.value]));
    localStorage.setItem(THEME_SANDBOX_KEY, JSON.stringify(values));
    applyValues(values);
  });
  button(THEME_SANDBOX_ACTIONS.reset, () => {
    localStorage.removeItem(THEME_SANDBOX_KEY);
    clearValues();
  });
  button(THEME_SANDBOX_ACTIONS.exit, () => {
    localStorage.removeItem(THEME_SANDBOX_KEY);
    clearValues();
    panel.remove();
    if (location.hash.includes(THEME_SANDBOX_HASH)) history.replaceState(history.state, '', location.pathname + location.search);
  });
  document.body.append(panel);
}
