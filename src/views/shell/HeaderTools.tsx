// Header tools of spec A2.3 (issue 21): toggles for the AI assistant, the SQL editor and the advisor (a red dot
// when any lint is at level ERROR), the feedback widget, and in local/self-hosted mode the dropdown (Feature
// previews, Command menu, Theme) and the command-line-tool badge (A4.7). The panels, the dropdown's menu and the
// badge's read load on intent or only in local mode (issue 15: first-load JavaScript).
import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { showsLocalToolsMenu } from '../../domain/navigation/header.ts';
import { Icon } from '../../ui/Icon.tsx';
import { LazyMenuTrigger } from '../../ui/LazyMenuTrigger.tsx';
import { useAdvisorLints } from '../shared/useAdvisorLints.ts';
import type { ShellData } from '../shared/useShellData.ts';
import { HelpPanelsHost } from './help/HelpPanelsHost.tsx';
import { openAssistant, openFeedback } from './help/events.ts';
import * as headerCss from './Header.css.ts';
import * as css from './HeaderTools.css.ts';

const CliBadge = lazy(() => import('./help/CliBadge.tsx').then((m) => ({ default: m.CliBadge })));

export function HeaderTools({ data }: { data: ShellData }) {
  const local = showsLocalToolsMenu(data.isPlatform);
  return (
    <div className={css.tools}>
      <HelpPanelsHost pathname={data.pathname} {...(data.ref ? { projectRef: data.ref } : {})} {...(data.organization?.slug ? { orgSlug: data.organization.slug } : {})} />
      {local && (
        <Suspense fallback={null}>
          <CliBadge />
        </Suspense>
      )}
      <button type="button" className={css.textButton} onClick={openFeedback} data-testid="feedback-button">
        Feedback
      </button>
      {local && <LocalToolsMenu />}
      {data.ref && <ProjectToggles projectRef={data.ref} running={data.project?.status === 'ACTIVE_HEALTHY'} />}
    </div>
  );
}

function ProjectToggles({ projectRef, running }: { projectRef: string; running: boolean }) {
  const lints = useAdvisorLints(projectRef, running);
  const hasError = lints.some((lint) => lint.level === 'ERROR');
  return (
    <>
      <button type="button" className={css.toggle} aria-label="AI Assistant" title="AI Assistant" onClick={openAssistant} data-testid="assistant-toggle">
        <Icon name="sparkles" size={16} />
      </button>
      <Link to="/project/$ref/sql" params={{ ref: projectRef }} className={css.toggle} aria-label="SQL Editor" title="SQL Editor" data-testid="sql-toggle">
        <Icon name="sql" size={16} />
      </Link>
      <Link
        to="/project/$ref/advisors/security"
        params={{ ref: projectRef }}
        className={css.toggle}
        aria-label={hasError ? 'Advisor Center, issues at level ERROR' : 'Advisor Center'}
        title="Advisor Center"
        data-testid="advisor-toggle"
      >
        <Icon name="advisors" size={16} />
        {hasError && <span className={css.dot} data-testid="advisor-error-dot" aria-hidden />}
      </Link>
    </>
  );
}

function LocalToolsMenu() {
  return (
    <LazyMenuTrigger
      load={() => import('./help/LocalToolsMenu.tsx')}
      look={{ className: headerCss.iconButton, 'aria-label': 'Local tools', 'data-testid': 'local-tools', children: <Icon name="menu" size={16} /> }}
      render={(menus, look, opening) => <menus.LocalToolsMenu look={look} {...opening} />}
    />
  );
}
