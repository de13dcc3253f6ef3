// The pending-announcement cleanup runs on a timer after a Button unmounts; in the full suite it fired after a test
// file's DOM was torn down and threw 'document is not defined' (an unhandled error that failed the run). No DOM here.
import { expect, it } from 'vitest';
import { removeDanglingAnnouncements } from './Button.tsx';

it('the announcement cleanup does nothing once there is no page', () => {
  expect(typeof document).toBe('undefined');
  expect(() => removeDanglingAnnouncements()).not.toThrow();
});
