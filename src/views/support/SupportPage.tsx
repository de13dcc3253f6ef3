import * as css from '../../ui/Page.css.ts';

export interface SupportRequest {
  category?: string;
  projectRef?: string;
  subject?: string;
  message?: string;
  error?: string;
}

/**
 * /support/new. The local platform has no support desk, so this page shows the prefilled request (category,
 * project, subject, message, error) for the user to copy into whatever channel their team uses; it sends nothing.
 */
export function SupportPage(request: SupportRequest) {
  const rows = Object.entries(request).filter(([, value]) => value);
  return (
    <section className={css.page} aria-labelledby="support-title">
      <h1 id="support-title" className={css.title}>
        Contact support
      </h1>
      <p className={css.subtitle}>
        This local platform has no support desk to send requests to. The details below are what a support request would carry.
      </p>
      {rows.length === 0 ? (
        <div className={css.empty}>No details were given.</div>
      ) : (
        <dl className={css.facts} style={{ flexDirection: 'column', gap: 12 }}>
          {rows.map(([key, value]) => (
            <div key={key} className={css.fact}>
              <dt className={css.factLabel}>{key}</dt>
              <dd className={css.factValue} style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
