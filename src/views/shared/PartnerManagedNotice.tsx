import type { Partner } from '../../domain/partner.ts';
import { managedResourceMessage, viewOnPartnerLabel } from '../../domain/partner.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { ExternalLinkIcon } from '../../ui/Icon.tsx';
import * as css from './PartnerManagedNotice.css.ts';

/** spec A1: a partner-managed resource shows '{resource} are managed by {partner}.' and a way to the partner. */
export function PartnerManagedNotice({ resource, partner }: { resource: string; partner: Partner }) {
  return (
    <div className={css.card} data-testid="partner-managed">
      <p className={css.text}>{managedResourceMessage(resource, partner)}</p>
      <div>
        {partner.url ? (
          <LinkButton href={partner.url} target="_blank" rel="noreferrer noopener" variant="default" size="tiny" iconRight={<ExternalLinkIcon size={14} />}>
            {viewOnPartnerLabel(resource, partner)}
          </LinkButton>
        ) : (
          // No known address for this partner: the button says where to go but cannot take the user there.
          <LinkButton isDisabled variant="default" size="tiny">{viewOnPartnerLabel(resource, partner)}</LinkButton>
        )}
      </div>
    </div>
  );
}
