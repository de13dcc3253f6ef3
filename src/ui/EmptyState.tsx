import type { ReactNode } from 'react';
import * as styles from './EmptyState.css.ts';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Usually a Button or LinkButton. */
  action?: ReactNode;
  /** Heading level of the title, to fit the page outline. */
  level?: 2 | 3 | 4;
}

/** What a list or panel shows when it has nothing yet ('No projects found based on your search'). */
export function EmptyState({ icon, title, description, action, level = 3 }: EmptyStateProps) {
  const Heading = `h${level}` as const;
  return (
    <div className={styles.emptyState}>
      {icon ? <div className={styles.icon} aria-hidden>{icon}</div> : null}
      <Heading className={styles.title}>{title}</Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
