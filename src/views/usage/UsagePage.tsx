import type { UsageItem } from '../../api/team.ts';
import type { Project } from '../../api/types.ts';
import { usageRows } from '../../domain/usage.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Select } from '../../ui/Select.tsx';
import * as page from '../../ui/Page.css.ts';
import * as css from './UsagePage.css.ts';

const ALL_PROJECTS = '__all__';

export interface UsagePageProps {
  usages: UsageItem[];
  projects: Pick<Project, 'ref' | 'name'>[];
  projectRef: string | undefined;
  /** A projectRef from the address that is not a project of this organization. */
  unknownProjectRef: string | undefined;
  onProjectRefChange: (ref: string | undefined) => void;
}

/** /org/{slug}/usage (spec A2.2, A3 Organization usage): this month's usage against the plan's free units. */
export function UsagePage({ usages, projects, projectRef, unknownProjectRef, onProjectRefChange }: UsagePageProps) {
  const rows = usageRows(usages);
  return (
    <section className={page.page} aria-labelledby="usage-title">
      <h1 id="usage-title" className={page.title}>Usage</h1>
      <p className={page.subtitle}>This billing period (the current month) up to now, against what the plan includes.</p>
      <div className={css.toolbar}>
        <Select
          label="Project"
          className={css.filter}
          options={[{ id: ALL_PROJECTS, label: 'All projects' }, ...projects.map((p) => ({ id: p.ref, label: p.name }))]}
          value={projectRef ?? ALL_PROJECTS}
          onChange={(key) => key !== null && onProjectRefChange(key === ALL_PROJECTS ? undefined : String(key))}
        />
      </div>
      {unknownProjectRef ? (
        <div role="status" className={css.warning}>
          Project {unknownProjectRef} is not in this organization; showing all projects.
        </div>
      ) : null}
      {rows.length === 0 ? (
        <div className={page.empty}>No usage is reported for this organization.</div>
      ) : (
        <ul className={css.list} aria-label="Usage metrics">
          {rows.map((row) => (
            <li key={row.metric} className={css.metric} data-testid={`usage-${row.metric}`}>
              <h2 className={css.metricName}>
                {row.label} {row.exceeded ? <Badge variant="destructive">Exceeded</Badge> : null}
              </h2>
              <div className={css.figures}>
                <span className={css.used}>{row.used}</span> used · {row.included}
                {row.included === 'Unlimited' || row.included === 'Not included in plan' ? '' : ' included'}
              </div>
              {row.percent !== null ? (
                <div className={css.bar} role="meter" aria-label={`${row.label} used`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={row.percent}>
                  <div className={row.exceeded ? css.fillExceeded : css.fill} style={{ width: `${row.percent}%` }} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className={css.note}>
        Database size is measured from the project databases. Storage size is the bytes of the objects stored in the
        projects' buckets.
      </p>
    </section>
  );
}
