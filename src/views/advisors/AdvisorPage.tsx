// /project/{ref}/advisors/security and /advisors/performance (issue 19; spec A2.4, A2.6 "Tools"): the project's
// findings of one category, by level with counts; each expands to its description, object and fix. Fixes show their
// SQL before they run; a finding can be dismissed until its object changes. A paused project shows the paused card.
import { useSelector } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { selectStatus } from '../../../machines/project-status.selectors.ts';
import { lintDismissTask, lintOpenInEditorTask, lintsRead } from '../../actors/advisors.ts';
import type { Project } from '../../api/types.ts';
import {
  ADVISOR_PAGES,
  ADVISOR_TEXT,
  LEVEL_LABELS,
  advisorFindings,
  canActOnAdvisors,
  fixAppliedLabel,
  groupByLevel,
  type AdvisorKind,
  type AdvisorLint,
} from '../../domain/advisors.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { useAdvisorLintsChanged } from '../shared/useAdvisorLints.ts';
import { useProjectRole } from '../shared/useProjectRole.ts';
import { SqlDialog } from '../shared/SqlDialog.tsx';
import { useTask, useTaskRead } from '../shared/useTask.ts';
import { FindingCard } from './FindingCard.tsx';
import * as css from './Advisors.css.ts';

export function AdvisorPage({ project, kind }: { project: Project; kind: AdvisorKind }) {
  const status = useSelector(useProjectStatusActor(), selectStatus) ?? project.status;
  if (status === 'INACTIVE') return <ProjectPausedCard project={project} />;
  return <Advisor project={project} kind={kind} />;
}

function Advisor({ project, kind }: { project: Project; kind: AdvisorKind }) {
  const page = ADVISOR_PAGES[kind];
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [showDismissed, setShowDismissed] = useState(false);
  // Bumped by Refresh and after every change: the checks run again.
  const [version, setVersion] = useState(0);
  const read = useTaskRead(lintsRead, { ref: project.ref }, `${project.ref}\u0000${version}`);
  const lintsChanged = useAdvisorLintsChanged();
  const refresh = () => {
    setVersion((v) => v + 1);
    lintsChanged(project.ref);
  };
  const canWrite = canActOnAdvisors(useProjectRole(project));
  const [fixing, setFixing] = useState<AdvisorLint | null>(null);
  const dismiss = useTask(lintDismissTask, {
    onDone: (label) => {
      toast.success(label);
      refresh();
    },
    onFailed: (message) => toast.error(message),
  });
  const openInEditor = useTask(lintOpenInEditorTask, {
    onDone: (id) => void navigate({ to: '/project/$ref/sql/$sqlId', params: { ref: project.ref, sqlId: id } }),
    onFailed: (message) => toast.error(message),
  });

  const all = read.data ?? [];
  const findings = advisorFindings(all, page.category, { search, showDismissed });
  const inCategory = advisorFindings(all, page.category);
  const groups = groupByLevel(findings);
  const actions = {
    canWrite,
    busy: dismiss.running || openInEditor.running,
    onRunFix: setFixing,
    onOpenInEditor: (lint: AdvisorLint) => openInEditor.run({ ref: project.ref, lint }),
    onDismiss: (lint: AdvisorLint, value: boolean) => dismiss.run({ ref: project.ref, lint, dismiss: value }),
  };

  return (
    <div className={css.page}>
      <header className={css.header}>
        <div>
          <h1 className={css.title}>{page.title}</h1>
          <p className={css.subtitle}>{page.intro}</p>
        </div>
        <Button variant="default" size="tiny" onPress={refresh} isPending={read.loading && version > 0}>
          {ADVISOR_TEXT.refresh}
        </Button>
      </header>
      <div className={css.toolbar}>
        <TextField className={css.search} label={ADVISOR_TEXT.search} type="search" value={search} onChange={setSearch} />
        <Switch isSelected={showDismissed} onChange={setShowDismissed}>{ADVISOR_TEXT.showDismissed}</Switch>
      </div>
      {read.error ? (
        <ErrorAlert subject={ADVISOR_TEXT.loadFailed} error={read.error} projectRef={project.ref}>
          <Button variant="default" size="tiny" onPress={read.retry}>Retry</Button>
        </ErrorAlert>
      ) : read.loading ? (
        <SkeletonLines lines={4} />
      ) : (
        <>
          <ul className={css.counts} aria-label="Issues by level">
            {groupByLevel(inCategory).map((group) => (
              <li key={group.level}>
                {LEVEL_LABELS[group.level]}: <strong>{group.lints.length}</strong>
              </li>
            ))}
          </ul>
          {findings.length === 0 ? (
            <EmptyState
              title={search.trim() === '' ? ADVISOR_TEXT.noIssues : ADVISOR_TEXT.noMatches}
              description={search.trim() === '' ? ADVISOR_TEXT.noIssuesDescription : `No issue matches "${search.trim()}".`}
              level={2}
            />
          ) : (
            groups
              .filter((group) => group.lints.length > 0)
              .map((group) => (
                <section key={group.level} className={css.section} aria-labelledby={`level-${group.level}`}>
                  <h2 id={`level-${group.level}`} className={css.sectionTitle}>
                    {LEVEL_LABELS[group.level]} ({group.lints.length})
                  </h2>
                  <ul className={css.list}>
                    {group.lints.map((lint) => (
                      <FindingCard key={lint.cache_key} lint={lint} actions={actions} />
                    ))}
                  </ul>
                </section>
              ))
          )}
        </>
      )}
      {fixing ? (
        <SqlDialog
          projectRef={project.ref}
          title={`Fix: ${fixing.title}`}
          description={fixing.detail}
          script={{ query: fixing.remediation }}
          confirmLabel="Run this SQL"
          doneToast={fixAppliedLabel(fixing)}
          onClose={() => setFixing(null)}
          onDone={refresh}
        />
      ) : null}
    </div>
  );
}
