// /project/{ref}/auth/overview (spec A2.7 "Manage: overview", issue 18): how many users the project has, and its
// sign-ins per day over the last OVERVIEW_DAYS days, counted from the auth audit log.
import { Link } from '@tanstack/react-router';
import { authOverviewRead } from '../../actors/auth-settings.ts';
import type { Project } from '../../api/types.ts';
import { OVERVIEW_DAYS } from '../../domain/auth-audit.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import { useTaskRead } from '../shared/useTask.ts';
import * as css from './AuthSettings.css.ts';

export function AuthOverviewPage({ project }: { project: Pick<Project, 'ref'> }) {
  const read = useTaskRead(authOverviewRead, { ref: project.ref, days: OVERVIEW_DAYS }, project.ref);
  const data = read.data;
  const total = data?.signInsPerDay.reduce((sum, day) => sum + day.count, 0) ?? 0;
  const peak = Math.max(1, ...(data?.signInsPerDay.map((d) => d.count) ?? [1]));
  return (
    <div className={css.page} style={{ maxWidth: 1000 }}>
      <header>
        <h1 className={css.title}>Authentication Overview</h1>
        <p className={css.subtitle}>Your project's users and how often they sign in.</p>
      </header>
      {read.error ? (
        <ErrorAlert subject="Failed to retrieve the authentication overview" error={read.error} projectRef={project.ref}>
          <Button onPress={read.retry}>Try again</Button>
        </ErrorAlert>
      ) : !data ? (
        <SkeletonLines lines={6} />
      ) : (
        <>
          <div className={css.stats}>
            <section className={css.card} aria-labelledby="overview-users">
              <h2 className={css.cardText} id="overview-users">Total users</h2>
              <p className={css.statValue}>{data.users.toLocaleString('en-US')}</p>
              <Link to="/project/$ref/auth/users" params={{ ref: project.ref }} className={css.cardText}>
                View users
              </Link>
            </section>
            <section className={css.card} aria-labelledby="overview-new">
              <h2 className={css.cardText} id="overview-new">{`New users, last ${OVERVIEW_DAYS} days`}</h2>
              <p className={css.statValue}>{data.newUsers.toLocaleString('en-US')}</p>
            </section>
            <section className={css.card} aria-labelledby="overview-sign-ins">
              <h2 className={css.cardText} id="overview-sign-ins">{`Sign-ins, last ${OVERVIEW_DAYS} days`}</h2>
              <p className={css.statValue}>{total.toLocaleString('en-US')}</p>
              <Link to="/project/$ref/auth/audit-logs" params={{ ref: project.ref }} className={css.cardText}>
                View audit logs
              </Link>
            </section>
          </div>
          <section className={css.card} aria-labelledby="overview-chart">
            <h2 className={css.cardTitle} id="overview-chart">Sign-ins per day</h2>
            {total === 0 && <p className={css.cardText}>{`No sign-ins in the last ${OVERVIEW_DAYS} days.`}</p>}
            <ol className={css.chart} aria-label="Sign-ins per day" style={{ listStyle: 'none', margin: 0, paddingLeft: 0 }}>
              {data.signInsPerDay.map((day) => (
                <li key={day.day} className={css.barColumn}>
                  <span className={visuallyHidden}>{`${day.day}: ${day.count} sign-in${day.count === 1 ? '' : 's'}`}</span>
                  <span aria-hidden className={css.barLabel}>{day.count}</span>
                  <span aria-hidden className={css.bar} style={{ height: `${(day.count / peak) * 100}%` }} />
                  <span aria-hidden className={css.barLabel}>{day.day.slice(5)}</span>
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </div>
  );
}
