// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { vars } from '../ui/theme.css.ts';
import { startThemeSandbox } from './theme-sandbox.ts';

const property = (reference: string) => /var\((--[^),]+)/.exec(reference)![1]!;
const brand = property(vars.color.brand);
const buttonNamed = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;

afterEach(() => {
  document.getElementById('theme-sandbox-panel')?.remove();
  localStorage.clear();
  document.documentElement.removeAttribute('style');
  history.replaceState(null, '', '/');
});

describe('theme sandbox (spec A2.14, development only)', () => {
  it('stays away without the hash or a stored entry', () => {
    startThemeSandbox();
    expect(document.getElementById('theme-sandbox-panel')).toBeNull();
  });

  it('with #theme-sandbox: the four colour families, Apply Theme stores and sets, Exit Sandbox forgets and closes', () => {
    history.replaceState(null, '', '/#theme-sandbox');
    startThemeSandbox();
    const panel = document.getElementById('theme-sandbox-panel')!;
    expect([...panel.querySelectorAll('legend')].map((l) => l.textContent)).toEqual(['brand', 'border', 'background', 'foreground']);
    expect(['Apply Theme', 'Reset localStorage', 'Exit Sandbox'].every((name) => buttonNamed(name))).toBe(true);
    const input = [...panel.querySelectorAll('label')].find((l) => l.firstChild?.textContent === 'brand')!.querySelector('input')!;
    input.value = '10 50% 40%';
    buttonNamed('Apply Theme').click();
    expect(JSON.parse(localStorage.getItem('theme-sandbox')!).brand).toBe('10 50% 40%');
    expect(document.documentElement.style.getPropertyValue(brand)).toBe('hsl(10 50% 40%)');
    buttonNamed('Exit Sandbox').click();
    expect(document.getElementById('theme-sandbox-panel')).toBeNull();
    expect(localStorage.getItem('theme-sandbox')).toBeNull();
    expect(document.documentElement.style.getPropertyValue(brand)).toBe('');
    expect(location.hash).toBe('');
  });

  it('a stored entry alone opens it and re-applies the stored colours; Reset localStorage forgets them', () => {
    localStorage.setItem('theme-sandbox', JSON.stringify({ border: '#123456' }));
    startThemeSandbox();
    expect(document.getElementById('theme-sandbox-panel')).not.toBeNull();
    expect(document.documentElement.style.getPropertyValue(property(vars.color.border))).toBe('#123456');
    buttonNamed('Reset localStorage').click();
    expect(localStorage.getItem('theme-sandbox')).toBeNull();
    expect(document.documentElement.style.getPropertyValue(property(vars.color.border))).toBe('');
  });
});
