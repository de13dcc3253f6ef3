// The command-line-tool badge of spec A4.7 (local/self-hosted mode only): the running `strata` version against
// the newest release the platform knows, 'Beta' / 'Update available' / 'Latest', and the next release expected at
// published_at + 14 days. Read once per 10 minutes at most (C§9 version check).
import { useEffect, useState } from 'react';
import { cliReleaseRead } from '../../../actors/help.ts';
import { cliBadge, CLI_VERSION_STALE_MS, nextReleaseEstimate } from '../../../domain/cli-release.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { useTaskRead } from '../../shared/useTask.ts';

export function CliBadge() {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), CLI_VERSION_STALE_MS);
    return () => clearInterval(timer);
  }, []);
  const release = useTaskRead(cliReleaseRead, undefined, String(tick));
  if (!release.data) return null;
  const badge = cliBadge(release.data);
  const next = nextReleaseEstimate(release.data.published_at);
  const detail = [
    `CLI ${release.data.current}`,
    release.data.latest ? `latest release ${release.data.latest}` : 'no release known',
    next ? `next release expected ${next.toISOString().slice(0, 10)}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <span title={detail} data-testid="cli-badge" style={{ display: 'inline-flex', gap: 6, alignItems: 'center', fontSize: 12 }}>
      <span>CLI {release.data.current}</span>
      <Badge variant={badge === 'Update available' ? 'warning' : badge === 'Beta' ? 'brand' : 'default'} aria-label={detail}>
        {badge}
      </Badge>
    </span>
  );
}
