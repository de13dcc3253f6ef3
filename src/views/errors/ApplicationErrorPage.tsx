import type { ErrorComponentProps } from '@tanstack/react-router';
import { APPLICATION_ERROR_MESSAGE } from '../../domain/error-pages.ts';
import { useRouter } from '@tanstack/react-router';
import { ErrorPage } from './ErrorPage.tsx';
import { errorPageCodeOf } from './errorPageCode.ts';
import * as css from './ErrorPage.css.ts';

/**
 * The fallback of spec A2.14 when a view throws: never a blank screen, never a stack trace. A route without its own
 * error view whose load failed with a malformed address, a missing resource or a platform failure shows that page.
 */
export function ApplicationErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const code = errorPageCodeOf(error);
  if (code === 500) return <ErrorPage code={500} onRetry={() => void router.invalidate().then(reset)} />;
  if (code !== null) return <ErrorPage code={code} />;
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
