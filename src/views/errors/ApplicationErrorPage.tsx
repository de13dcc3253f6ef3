import type { ErrorComponentProps } from '@tanstack/react-router';
import { APPLICATION_ERROR_MESSAGE } from '../../domain/error-pages.ts';
import * as css from './ErrorPage.css.ts';

/** The fallback of spec A2.14 when a view throws: never a blank screen, never a stack trace. */
export function ApplicationErrorPage({ reset }: ErrorComponentProps) {
  return (
    <div className={css.page} role="alert">
      <div>
        <p className={css.message}>{APPLICATION_ERROR_MESSAGE}</p>
        <div className={css.actions}>
          <button type="button" onClick={() => reset()}>
            Try again
          </button>
        </div>
      </div>
    </div>
  );
}
