import { Link } from '@tanstack/react-router';
import { errorPageMessage } from '../../domain/error-pages.ts';
// A native button: the error pages are part of every first load (the root's error view), react-aria is not (issue 15).
import { PlainButton } from '../../ui/PlainButton.tsx';
import * as css from './ErrorPage.css.ts';

/** The error pages of spec A2.14: '{code} | {message}'; a server failure may be tried again. */
export function ErrorPage({ code, onRetry }: { code: number; onRetry?: () => void }) {
  return (
    <div className={css.page} role="alert">
      <div>
        <div className={css.row}>
          <h1 className={css.code}>{code}</h1>
          <p className={css.message}>{errorPageMessage(code)}</p>
        </div>
        <div className={css.actions}>
          <Link to="/">Go to the dashboard</Link>
          {onRetry ? (
            <PlainButton size="tiny" onPress={onRetry}>
              Try again
            </PlainButton>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function NotFoundPage() {
  return <ErrorPage code={404} />;
}
