import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { weakPasswordReasonText } from '../../domain/auth-forms.ts';
import { useAuthNavigation } from './useAuthSession.ts';
import * as css from './AuthCard.css.ts';

/** The centered card of the sign-in screens, with the product name. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <main className={css.page}>
      <section className={css.card} aria-labelledby="auth-card-title">
        <div className={css.brand}>Strata</div>
        <div>
          <h1 id="auth-card-title" className={css.title}>{title}</h1>
          {subtitle ? <p className={css.subtitle}>{subtitle}</p> : null}
        </div>
        {children}
      </section>
    </main>
  );
}

/** The form's message: the spec's validation message or the server's, verbatim; weak_password reasons below. */
export function FormError({ message, reasons = [] }: { message: string | null; reasons?: string[] }) {
  if (!message) return null;
  return (
    <div role="alert" className={css.alert}>
      {message}
      {reasons.length ? (
        <ul className={css.alertList}>
          {reasons.map((reason) => (
            <li key={reason}>{weakPasswordReasonText(reason)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <div role="status" className={css.notice}>
      {children}
    </div>
  );
}

/** A link to another console page; client-side when a router is present. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  const { href, navigate } = useAuthNavigation();
  return (
    <a
      className={css.link}
      href={href(to)}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (!navigate || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/**
 * An in-page action that reads as a link (so it never shares a name with the form's buttons). A plain element
 * with the link role, activated like a link (click, Enter), rather than react-aria's Link: the sign-in page is a
 * first load (issue 15).
 */
export function ActionLink({ onPress, children }: { onPress: () => void; children: ReactNode }) {
  return (
    <span
      role="link"
      tabIndex={0}
      className={css.link}
      onClick={onPress}
      onKeyDown={(event: KeyboardEvent<HTMLSpanElement>) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        onPress();
      }}
    >
      {children}
    </span>
  );
}

export { css as authCss };
