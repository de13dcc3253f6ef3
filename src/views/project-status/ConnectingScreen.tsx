import { Link } from '@tanstack/react-router';
import type { Project } from '../../api/types.ts';
import { button } from '../../ui/Button.css.ts';
import { StatusCard } from './StatusCard.tsx';
import * as css from './StatusScreens.css.ts';

/** Connecting (the REST service is OFFLINE), spec A2.8; the status actor pings every 4 s meanwhile. */
export function ConnectingScreen({ project }: { project: Project }) {
  return (
    <StatusCard
      testId="status-connecting"
      title="Connecting to project"
      footer={
        <>
          <Link to="/project/$ref/settings/infrastructure" params={{ ref: project.ref }} className={button({ variant: 'default', size: 'tiny' })}>
            Check database health
          </Link>
          <Link to="/project/$ref/logs" params={{ ref: project.ref }} className={css.link}>
            Troubleshooting
          </Link>
        </>
      }
    >
      <p className={css.text}>
        The API of <span className={css.strong}>{project.name}</span> is not answering yet. This page reconnects by itself
        as soon as it does.
      </p>
    </StatusCard>
  );
}
