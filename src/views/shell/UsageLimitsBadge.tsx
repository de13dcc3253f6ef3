import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { orgUsageLogic } from '../../actors/org-usage.ts';
import { isExceedingUsageLimits } from '../../domain/navigation/header.ts';
import { Badge } from '../../ui/Badge.tsx';
import { devInspect } from '../../dev/live-inspect.ts';

/**
 * 'Exceeding usage limits' (spec A2.3): shown when any usage metric of the organization is above its free units;
 * links to the organization's usage page. The usage is read once an hour per organization (spec C9); a failed
 * read shows nothing (the badge is a hint, the usage page is the place for errors).
 */
export function UsageLimitsBadge({ slug }: { slug: string }) {
  const usage = useActorRef(orgUsageLogic, { input: { slug }, inspect: devInspect });
  const exceeding = useSelector(usage, (s) => s.status === 'done' && isExceedingUsageLimits(s.output ?? []));
  if (!exceeding) return null;
  return (
    <Link to="/org/$slug/usage" params={{ slug }} data-testid="usage-limits-badge" style={{ textDecoration: 'none' }}>
      <Badge variant="warning">Exceeding usage limits</Badge>
    </Link>
  );
}
