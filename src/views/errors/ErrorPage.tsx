import { Link } from '@tanstack/react-router';
import { errorPageMessage } from '../../domain/error-pages.ts';
import { Button } from '../../ui/Button.tsx';
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
            <Button size="tiny" onPress={onRetry}>
              Try again
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function NotFoundPage() {
  return <ErrorPage code={404} />;
}
