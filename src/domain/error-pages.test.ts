import { describe, expect, it } from 'vitest';
import { APPLICATION_ERROR_MESSAGE, errorPageMessage } from './error-pages.ts';

describe('error pages (spec A2.14)', () => {
  it.each([
    [400, 'Bad Request'],
    [404, 'This page could not be found'],
    [405, 'Method Not Allowed'],
    [500, 'Internal Server Error'],
  ])('%i reads %s', (code, text) => expect(errorPageMessage(code)).toBe(text));

  it('falls back to the client-side exception text', () => {
    expect(errorPageMessage(418)).toBe(APPLICATION_ERROR_MESSAGE);
    expect(APPLICATION_ERROR_MESSAGE).toBe('Application error: a client-side exception has occurred');
  });
});
