import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { button } from '../../ui/Button.css.ts';
import * as css from './StatusScreens.css.ts';

export type StatusTone = 'busy' | 'done' | 'failed';

/** The card the status screens share (spec A2.8): a state dot, a title, the explanation and actions. */
export function StatusCard({
  title,
  tone = 'busy',
  children,
  footer,
  testId,
}: {
  title: ReactNode;
  tone?: StatusTone;
  children?: ReactNode;
  footer?: ReactNode;
  testId: string;
}) {
  const dot = tone === 'busy' ? css.pulseDot : tone === 'done' ? css.doneDot : css.failedDot;
  return (
    <div className={css.screen}>
      <section className={css.card} data-testid={testId} aria-labelledby={`${testId}-title`}>
        <div className={css.cardBody}>
          <div className={css.heading}>
            <span className={dot} aria-hidden />
            <h2 id={`${testId}-title`} className={css.title}>
              {title}
            </h2>
          </div>
          {children}
        </div>
        {footer ? <div className={css.cardFooter}>{footer}</div> : null}
      </section>
    </div>
  );
}

export interface SupportRequest {
  category?: string;
  projectRef?: string;
  subject?: string;
  message?: string;
  error?: string;
}

/** A button-looking link to the prefilled support form (/support/new, spec A2.8 'Contact support'). */
export function SupportLinkButton({ request, children = 'Contact support' }: { request: SupportRequest; children?: ReactNode }) {
  return (
    <Link to="/support/new" search={request} className={button({ variant: 'default', size: 'tiny' })}>
      {children}
    </Link>
  );
}
