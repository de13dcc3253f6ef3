import * as css from './PendingPage.css.ts';

/**
 * The honest empty state of a page whose feature is not built yet: the real chrome around it, the page named,
 * and no control that pretends to work.
 */
export function PendingPage({ title, area }: { title: string; area: string }) {
  return (
    <section className={css.page} aria-labelledby="pending-title">
      <h1 id="pending-title" className={css.title}>
        {title}
      </h1>
      <div className={css.card} data-testid="pending-page">
        <span className={css.strong}>{title} is not available in this build yet.</span>
        This page belongs to {area}, which has not been built. Nothing on it is simulated.
      </div>
    </section>
  );
}
