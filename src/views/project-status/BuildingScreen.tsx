import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectSupportOffered } from '../../../machines/project-status.selectors.ts';
import type { SettingsRead } from '../../api/project-status.ts';
import type { Project } from '../../api/types.ts';
import { CLIENT_LIBRARIES, EXAMPLE_PROJECTS } from '../../domain/project-screens.ts';
import { isEnabled } from '../../domain/navigation/flags.ts';
import { Badge } from '../../ui/Badge.tsx';
import { useFeatureFlags } from '../shared/useAppContext.ts';
import { ApiKeysPanels } from './ApiKeysPanels.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { SupportLinkButton } from './StatusCard.tsx';
import * as css from './StatusScreens.css.ts';

/** Building (COMING_UP / UNKNOWN), spec A2.8. */
export function BuildingScreen({ project, status, settings }: { project: Project; status: string; settings: SettingsRead | null }) {
  const actor = useProjectStatusActor();
  const supportOffered = useSelector(actor, selectSupportOffered);
  const flags = useFeatureFlags();
  return (
    <div className={css.screen}>
      <div className={css.wide} data-testid="status-building">
        <div className={css.heading}>
          <h1 className={css.pageTitle}>{project.name}</h1>
          <Badge variant="warning">{status === 'UNKNOWN' ? 'Initiating project set up' : 'Setting up project'}</Badge>
        </div>
        <section className={css.card} style={{ maxWidth: 'none' }}>
          <div className={css.cardBody}>
            <div className={css.heading}>
              <span className={css.pulseDot} aria-hidden />
              <h2 className={css.title}>We are provisioning your database and API endpoints</h2>
            </div>
            <p className={css.text}>This may take a few minutes</p>
          </div>
          <div className={css.cardFooter}>
            <span className={css.text}>
              <span className={css.strong}>While you wait</span>, read how to query your tables in the{' '}
              <Link to="/project/$ref/api" params={{ ref: project.ref }} className={css.link}>
                API documentation
              </Link>
              .
            </span>
          </div>
        </section>
        <section className={css.panel} aria-labelledby="not-working-title">
          <h3 id="not-working-title" className={css.panelTitle}>
            Not working?
          </h3>
          <p className={css.text}>Try refreshing after a couple of minutes.</p>
          {supportOffered && (
            <>
              <p className={css.text}>If your dashboard hasn't connected within 2 minutes, you can open a support ticket.</p>
              <div>
                <SupportLinkButton request={{ category: 'Problem', projectRef: project.ref, subject: 'Project is not connecting' }}>
                  Contact support team
                </SupportLinkButton>
              </div>
            </>
          )}
        </section>
        <ApiKeysPanels projectRef={project.ref} read={settings} />
        {status === 'COMING_UP' && (
          <section className={css.panel} aria-labelledby="client-libraries-title">
            <h3 id="client-libraries-title" className={css.panelTitle}>
              Client libraries
            </h3>
            <ul className={css.list}>
              {CLIENT_LIBRARIES.map((library) => (
                <li key={library.language}>
                  {library.language} <code>{library.package}</code>
                </li>
              ))}
            </ul>
          </section>
        )}
        {status === 'COMING_UP' && isEnabled(flags, 'projectExamples') && (
          <section className={css.panel} aria-labelledby="examples-title">
            <h3 id="examples-title" className={css.panelTitle}>
              Example projects
            </h3>
            <ul className={css.list}>
              {EXAMPLE_PROJECTS.map((example) => (
                <li key={example.title}>
                  <a href={example.url} target="_blank" rel="noreferrer noopener" className={css.link}>
                    {example.title}
                  </a>{' '}
                  ({example.framework}, {example.type}): {example.description}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
