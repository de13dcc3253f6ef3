// Imported first by component tests: what jsdom lacks and react-aria needs.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// react-aria builds selectors with CSS.escape, which jsdom does not implement.
if (typeof globalThis.CSS === 'undefined' || typeof globalThis.CSS.escape !== 'function') {
  const escape = (value: string): string =>
    String(value).replace(/([\0-\x1f\x7f]|^-?\d|^-$|[^\w\u0080-\uFFFF-])/g, (match, _group, offset: number) => {
      if (match === '\0') return '\uFFFD';
      const isControl = /[\x01-\x1f\x7f]/.test(match);
      const isLeadingDigit = /\d$/.test(match) && offset === 0;
      if (isControl || isLeadingDigit) {
        const digit = match.slice(-1);
        const prefix = match.length > 1 ? '-' : '';
        return `${prefix}\\${digit.charCodeAt(0).toString(16)} `;
      }
      if (match === '-') return '\\-';
      return `\\${match}`;
    });
  Object.defineProperty(globalThis, 'CSS', { value: { ...(globalThis.CSS ?? {}), escape }, configurable: true });
}

// vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(cleanup);
