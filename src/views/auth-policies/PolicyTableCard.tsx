// One table on the Policies page: its RLS state, the button that turns RLS on or off, and its policies.
import { POLICIES_REFUSED, POLICIES_TEXT, type PolicyRow, type PolicyTable } from '../../domain/auth-policies.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import { AllowedOr } from '../shared/DisabledReason.tsx';
import * as css from './AuthPolicies.css.ts';

export interface PolicyTableCardProps {
  table: PolicyTable;
  canWrite: boolean;
  onToggleRls: (table: PolicyTable) => void;
  onCreate: (table: PolicyTable) => void;
  onEdit: (table: PolicyTable, policy: PolicyRow) => void;
  onDelete: (table: PolicyTable, policy: PolicyRow) => void;
}

export function PolicyTableCard({ table, canWrite, onToggleRls, onCreate, onEdit, onDelete }: PolicyTableCardProps) {
  const headingId = `policies-${table.schema}-${table.name}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return (
    <li className={css.card} aria-labelledby={headingId}>
      <div className={css.cardHeader}>
        <h2 id={headingId} className={css.tableName}>{table.name}</h2>
        <Badge variant={table.rls_enabled ? 'brand' : 'warning'}>{table.rls_enabled ? POLICIES_TEXT.rlsEnabled : POLICIES_TEXT.rlsDisabled}</Badge>
        <span className={css.spacer} />
        <AllowedOr allowed={canWrite} reason={POLICIES_REFUSED}>
          <Button variant="default" size="tiny" isDisabled={!canWrite} onPress={() => onToggleRls(table)} aria-label={`${table.rls_enabled ? POLICIES_TEXT.disableRls : POLICIES_TEXT.enableRls} on ${table.name}`}>
            {table.rls_enabled ? POLICIES_TEXT.disableRls : POLICIES_TEXT.enableRls}
          </Button>
        </AllowedOr>
        <AllowedOr allowed={canWrite} reason={POLICIES_REFUSED}>
          <Button variant="primary" size="tiny" isDisabled={!canWrite} onPress={() => onCreate(table)} aria-label={`${POLICIES_TEXT.createPolicy} on ${table.name}`}>
            {POLICIES_TEXT.createPolicy}
          </Button>
        </AllowedOr>
      </div>
      {table.policies.length === 0 ? (
        <p className={css.muted}>
          {POLICIES_TEXT.noPolicies}
          {table.rls_enabled ? ': with RLS enabled and no policy, no rows are returned to the anon and authenticated roles.' : '.'}
        </p>
      ) : (
        <div className={css.tableWrap}>
          <table className={css.table}>
            <thead>
              <tr>
                <th className={css.th}>Name</th>
                <th className={css.th}>Command</th>
                <th className={css.th}>Applied to</th>
                <th className={css.th}>USING</th>
                <th className={css.th}>WITH CHECK</th>
                <th className={css.th}>Type</th>
                <th className={css.th}><span className={visuallyHidden}>Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {table.policies.map((policy) => (
                <tr key={policy.name}>
                  <td className={css.td}>{policy.name}</td>
                  <td className={css.td}><span className={css.mono}>{policy.command}</span></td>
                  <td className={css.td}><span className={css.mono}>{policy.roles.join(', ')}</span></td>
                  <td className={css.td}><span className={css.mono}>{policy.using ?? '—'}</span></td>
                  <td className={css.td}><span className={css.mono}>{policy.with_check ?? '—'}</span></td>
                  <td className={css.td}>{policy.permissive ? 'Permissive' : 'Restrictive'}</td>
                  <td className={css.td}>
                    <div className={css.rowActions}>
                      <Button variant="default" size="tiny" isDisabled={!canWrite} onPress={() => onEdit(table, policy)} aria-label={`Edit policy ${policy.name}`}>Edit</Button>
                      <Button variant="danger" size="tiny" isDisabled={!canWrite} onPress={() => onDelete(table, policy)} aria-label={`${POLICIES_TEXT.delete} ${policy.name}`}>Delete</Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}
