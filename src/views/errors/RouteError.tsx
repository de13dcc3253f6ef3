import type { ErrorComponentProps } from '@tanstack/react-router';
import { useParams, useRouter } from '@tanstack/react-router';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { errorPageCodeOf } from './errorPageCode.ts';
import * as css from '../../ui/Page.css.ts';

/**
 * A route whose data could not be loaded, inside the chrome: a malformed address is the 400 page, a resource the
 * user cannot see is 'not found', a platform failure is the 500 page with a retry (errorPageCode.ts); anything else
 * shows the generic error alert of spec A2.14 with a retry.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { ref } = useParams({ strict: false }) as { ref?: string };
  const router = useRouter();
  const code = errorPageCodeOf(error);
  // Loaders run again (invalidate), then the boundary shows the route anew.
  if (code === 500) return <ErrorPage code={500} onRetry={() => void router.invalidate().then(reset)} />;
  if (code !== null) return <ErrorPage code={code} />;
  return (
    <section className={css.page}>
      <ErrorAlert subject="Failed to load this page" error={error instanceof Error ? error : String(error)} projectRef={ref}>
        <Button onPress={() => reset()}>Try again</Button>
      </ErrorAlert>
    </section>
  );
}
