import { Link } from '@tanstack/react-router';
import { errorPageMessage } from '../../domain/error-pages.ts';
import * as css from './ErrorPage.css.ts';

/** The error pages of spec A2.14: '{code} | {message}'. */
export function ErrorPage({ code }: { code: number }) {
  return (
    <div className={css.page} role="alert">
      <div>
        <div className={css.row}>
          <h1 className={css.code}>{code}</h1>
          <p className={css.message}>{errorPageMessage(code)}</p>
        </div>
        <div className={css.actions}>
          <Link to="/">Go to the dashboard</Link>
        </div>
      </div>
    </div>
  );
}

export function NotFoundPage() {
  return <ErrorPage code={404} />;
}
