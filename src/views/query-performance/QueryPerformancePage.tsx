// /project/{ref}/reports/query-performance (issue 19; spec A2.6 "Tools: Query Performance"): the statements of the
// project's database from pg_stat_statements, slowest / most frequent first, with calls, mean and total time and
// rows; a statement's plan on demand (never executed); the statistics reset. A server that does not collect
// statistics gets a notice saying why. A paused project shows the paused card.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectStatus } from '../../../machines/project-status.selectors.ts';
import { queryPlanTask, queryStatsRead, queryStatsResetTask } from '../../actors/advisors.ts';
import type { Project } from '../../api/types.ts';
import { canActOnAdvisors } from '../../domain/advisors.ts';
import {
  QUERY_PERFORMANCE_TEXT as TEXT,
  QUERY_STATS_ORDERS,
  QUERY_STATS_ORDER_LABELS,
  formatMs,
  isExplainable,
  type QueryStat,
  type QueryStatsOrder,
} from '../../domain/query-performance.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { Select } from '../../ui/Select.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { useProjectRole } from '../shared/useProjectRole.ts';
import { useSearchQuery } from '../shared/useSearchQuery.ts';
import { useTask, useTaskRead } from '../shared/useTask.ts';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import * as css from './QueryPerformance.css.ts';

/** The search is sent to the platform once typing pauses. */
const SEARCH_DEBOUNCE_MS = 300;

export function QueryPerformancePage({ project }: { project: Project }) {
  const status = useSelector(useProjectStatusActor(), selectStatus) ?? project.status;
  if (status === 'INACTIVE') return <ProjectPausedCard project={project} />;
  return <QueryPerformance project={project} />;
}

const number = new Intl.NumberFormat('en-US');

function QueryPerformance({ project }: { project: Project }) {
  const [order, setOrder] = useState<QueryStatsOrder>('total_time');
  const { text: search, query: sent, type: setSearch } = useSearchQuery(SEARCH_DEBOUNCE_MS);
  const [version, setVersion] = useState(0);
  const read = useTaskRead(queryStatsRead, { ref: project.ref, order, search: sent }, `${order}\u0000${sent}\u0000${version}`);
  const refresh = () => setVersion((v) => v + 1);
  const canReset = canActOnAdvisors(useProjectRole(project));
  const [planOf, setPlanOf] = useState<QueryStat | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const queries = read.data?.queries ?? [];

  return (
    <div className={css.page}>
      <header className={css.header}>
        <div>
          <h1 className={css.title}>{TEXT.title}</h1>
          <p className={css.subtitle}>{TEXT.intro}</p>
        </div>
        <div className={css.headerActions}>
          <Button variant="default" size="tiny" onPress={refresh}>{TEXT.refresh}</Button>
          {canReset ? (
            <Button variant="default" size="tiny" onPress={() => setConfirmReset(true)} isDisabled={read.data?.available === false}>
              {TEXT.reset}
            </Button>
          ) : null}
        </div>
      </header>
      <div className={css.toolbar}>
        <TextField className={css.search} label={TEXT.search} type="search" value={search} onChange={setSearch} />
        <Select
          className={css.order}
          label={TEXT.order}
          options={QUERY_STATS_ORDERS.map((id) => ({ id, label: QUERY_STATS_ORDER_LABELS[id] }))}
          selectedKey={order}
          onSelectionChange={(key) => key !== null && setOrder(key as QueryStatsOrder)}
        />
      </div>
      {read.error ? (
        <ErrorAlert subject={TEXT.loadFailed} error={read.error} projectRef={project.ref}>
          <Button variant="default" size="tiny" onPress={read.retry}>Retry</Button>
        </ErrorAlert>
      ) : read.loading ? (
        <SkeletonLines lines={5} />
      ) : read.data && !read.data.available ? (
        <div className={css.notice} role="status">
          <h2 className={css.noticeTitle}>{TEXT.unavailable}</h2>
          <p className={css.text}>{read.data.message}</p>
        </div>
      ) : queries.length === 0 ? (
        <EmptyState
          title={sent === '' ? TEXT.noQueries : TEXT.noMatches}
          description={sent === '' ? TEXT.noQueriesDescription : `No query matches "${sent}".`}
          level={2}
        />
      ) : (
        <div className={css.tableWrap}>
          <table className={css.table} aria-label={QUERY_STATS_ORDER_LABELS[order]}>
            <thead>
              <tr>
                <th className={css.th} scope="col">Query</th>
                <th className={css.thNumber} scope="col">Calls</th>
                <th className={css.thNumber} scope="col">Mean time</th>
                <th className={css.thNumber} scope="col">Total time</th>
                <th className={css.thNumber} scope="col">Rows</th>
                <th className={css.th} scope="col"><span className={visuallyHidden}>Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {queries.map((q) => (
                <tr key={q.queryid} data-queryid={q.queryid}>
                  <td className={css.td}>
                    <pre className={css.query}>{q.query}</pre>
                    {q.role ? <span className={css.role}>Role: {q.role}</span> : null}
                  </td>
                  <td className={css.tdNumber}>{number.format(q.calls)}</td>
                  <td className={css.tdNumber}>{formatMs(q.mean_time)}</td>
                  <td className={css.tdNumber}>{formatMs(q.total_time)}</td>
                  <td className={css.tdNumber}>{number.format(q.rows)}</td>
                  <td className={css.td}>
                    {isExplainable(q.query) ? (
                      <Button variant="default" size="tiny" onPress={() => setPlanOf(q)} aria-label={`${TEXT.explain}: ${q.query.slice(0, 60)}`}>
                        {TEXT.explain}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {planOf ? <PlanDialog projectRef={project.ref} stat={planOf} onClose={() => setPlanOf(null)} /> : null}
      {confirmReset ? <ResetDialog projectRef={project.ref} onClose={() => setConfirmReset(false)} onDone={refresh} /> : null}
    </div>
  );
}

function PlanDialog({ projectRef, stat, onClose }: { projectRef: string; stat: QueryStat; onClose: () => void }) {
  const plan = useTaskRead(queryPlanTask, { ref: projectRef, queryid: stat.queryid }, stat.queryid);
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} size="large">
      <Dialog title={TEXT.planTitle} footer={<Button variant="default" size="tiny" onPress={onClose}>Close</Button>}>
        <div className={css.form}>
          <pre className={css.plan} aria-label="Query">{stat.query}</pre>
          <p className={css.muted}>
            The plan Postgres chooses for this statement, without running it. Parameters ($1, $2, …) are planned generically, for any value.
          </p>
          {plan.error ? (
            <p role="alert" className={css.alert}>{plan.error}</p>
          ) : plan.loading ? (
            <SkeletonLines lines={3} />
          ) : (
            <pre className={css.plan} aria-label="Query plan">{plan.data}</pre>
          )}
        </div>
      </Dialog>
    </Modal>
  );
}

function ResetDialog({ projectRef, onClose, onDone }: { projectRef: string; onClose: () => void; onDone: () => void }) {
  const task = useTask(queryStatsResetTask, {
    onDone: (label) => {
      toast.success(label);
      onClose();
      onDone();
    },
  });
  return (
    <Modal isOpen onOpenChange={(open) => !open && !task.running && onClose()} size="small">
      <Dialog
        title={TEXT.resetTitle}
        description={TEXT.resetDescription}
        hideCloseButton={task.running}
        footer={
          <>
            <Button variant="default" size="tiny" onPress={onClose} isDisabled={task.running}>Cancel</Button>
            <Button variant="danger" size="tiny" isPending={task.running} onPress={() => task.run({ ref: projectRef })}>{TEXT.reset}</Button>
          </>
        }
      >
        {task.error ? <p role="alert" className={css.alert}>{task.error}</p> : null}
      </Dialog>
    </Modal>
  );
}
