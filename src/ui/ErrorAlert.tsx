import type { ReactNode } from 'react';
import { ERROR_ALERT_ADVICE, errorAlertMessage, supportLink } from '../domain/errors.ts';
import { LinkButton } from './Button.tsx';
import { WarningIcon } from './Icon.tsx';
import * as styles from './ErrorAlert.css.ts';

export interface ErrorAlertProps {
  /** What failed, e.g. 'Failed to retrieve API keys'; also the support request's subject. */
  subject?: string;
  error?: { message: string } | string | null;
  projectRef?: string;
  /** Extra actions beside 'Contact support' (e.g. a retry button). */
  children?: ReactNode;
  /** Console base path for the support link (spec A2.1); '' when the router adds it. */
  basePath?: string;
}

/** The generic error alert (spec A2.14) with a prefilled 'Contact support' link. */
export function ErrorAlert({ subject, error, projectRef, children, basePath }: ErrorAlertProps) {
  const message = typeof error === 'string' ? error : error?.message;
  const href = supportLink({ category: 'DASHBOARD_BUG', projectRef, subject, error: message }, basePath);
  return (
    <div role="alert" className={styles.alert}>
      <WarningIcon size={16} className={styles.icon} />
      {subject ? <p className={styles.title}>{subject}</p> : null}
      {message ? <p className={styles.message}>Error: {errorAlertMessage(message)}</p> : null}
      <p className={styles.advice}>{ERROR_ALERT_ADVICE}</p>
      <div className={styles.actions}>
        <LinkButton href={href} variant="default" size="tiny">Contact support</LinkButton>
        {children}
      </div>
    </div>
  );
}
