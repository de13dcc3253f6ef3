import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ERROR_ALERT_ADVICE, errorAlertMessage, supportLink } from './errors.ts';

describe('errorAlertMessage (spec A2.14)', () => {
  it('shows 503 messages as the service-unavailable line', () => {
    expect(errorAlertMessage('Request failed with status 503')).toBe('503 Service Temporarily Unavailable');
    expect(errorAlertMessage('503')).toBe('503 Service Temporarily Unavailable');
  });

  it('keeps other messages', () => {
    expect(errorAlertMessage('relation "foo" does not exist')).toBe('relation "foo" does not exist');
    expect(errorAlertMessage('500 Internal Server Error')).toBe('500 Internal Server Error');
  });

  it('keeps every message that does not mention 503', () => {
    fc.assert(fc.property(fc.string(), (m) => {
      fc.pre(!m.includes('503'));
      expect(errorAlertMessage(m)).toBe(m);
    }));
  });

  it('has the advice text', () => {
    expect(ERROR_ALERT_ADVICE).toBe(
      'Try refreshing your browser, but if the issue persists for more than a few minutes, please reach out to us via support.',
    );
  });
});

describe('supportLink', () => {
  it('carries category, projectRef, subject and error in order', () => {
    expect(
      supportLink({ category: 'DASHBOARD_BUG', projectRef: 'abcd', subject: 'Failed to load', error: 'boom & bust' }),
    ).toBe('/dashboard/support/new?category=DASHBOARD_BUG&projectRef=abcd&subject=Failed+to+load&error=boom+%26+bust');
  });

  it('leaves out empty fields and honours the base path', () => {
    expect(supportLink({ category: 'DASHBOARD_BUG' })).toBe('/dashboard/support/new?category=DASHBOARD_BUG');
    expect(supportLink({ category: 'Plan_upgrade', subject: '', message: 'hi' }, '')).toBe(
      '/support/new?category=Plan_upgrade&message=hi',
    );
  });

  it('round-trips every field through the query string', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (projectRef, subject, error) => {
      const href = supportLink({ category: 'DASHBOARD_BUG', projectRef, subject, error });
      const url = new URL(href, 'http://localhost');
      expect(url.pathname).toBe('/dashboard/support/new');
      expect(url.searchParams.get('category')).toBe('DASHBOARD_BUG');
      expect(url.searchParams.get('projectRef')).toBe(projectRef);
      expect(url.searchParams.get('subject')).toBe(subject);
      expect(url.searchParams.get('error')).toBe(error);
    }));
  });
});
