import type { ErrorComponentProps } from '@tanstack/react-router';
import { useParams } from '@tanstack/react-router';
import { ApiError } from '../../api/client.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import * as css from '../../ui/Page.css.ts';

/**
 * A route whose data could not be loaded, inside the chrome: a resource the user cannot see is 'not found'
 * (the platform answers 404 for organizations and projects of which the user is not a member); anything else
 * shows the generic error alert of spec A2.14 with a retry.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { ref } = useParams({ strict: false }) as { ref?: string };
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return <ErrorPage code={404} />;
  if (error instanceof ApiError && error.status === 400) return <ErrorPage code={400} />;
  return (
    <section className={css.page}>
      <ErrorAlert subject="Failed to load this page" error={error instanceof Error ? error : String(error)} projectRef={ref}>
        <Button onPress={() => reset()}>Try again</Button>
      </ErrorAlert>
    </section>
  );
}
