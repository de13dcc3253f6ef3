// The resource exhaustion banner of spec A2.12: the project's warning (or the combined one), worded as kept, with
// 'Learn more' and its button. Loaded only when the project has a warning (AppShell), so pages without one carry
// none of its code.
import { Link } from '@tanstack/react-router';
import { resourceBanner } from '../../domain/resource-banner.ts';
import type { ResourceWarnings } from '../../domain/resource-warnings.ts';
import { buttonClasses } from '../../ui/ButtonLook.tsx';
import { Icon } from '../../ui/Icon.tsx';
import * as css from './ResourceBanner.css.ts';

export function ResourceBanner({ warnings, pathname }: { warnings: ResourceWarnings; pathname: string }) {
  const banner = resourceBanner(warnings, pathname);
  if (!banner) return null;
  const [to, hash] = banner.href.split('#') as [string, string | undefined];
  return (
    <section className={css.banner[banner.level]} aria-label="Resource warning" data-testid="resource-banner" data-metric={banner.metric}>
      <Icon name="warning" size={16} className={css.icon[banner.level]} aria-hidden />
      <div className={css.text}>
        <h2 className={css.title}>{banner.title}</h2>
        <p className={css.description}>{banner.description}</p>
      </div>
      <div className={css.actions}>
        <a className={css.link} href={banner.learnMore} target="_blank" rel="noreferrer">
          Learn more
        </a>
        <Link to={to} {...(hash ? { hash } : {})} className={buttonClasses({ variant: 'default', size: 'tiny' })}>
          {banner.button}
        </Link>
      </div>
    </section>
  );
}
