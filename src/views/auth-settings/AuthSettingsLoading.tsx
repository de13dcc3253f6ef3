import { SkeletonLines } from '../../ui/Skeleton.tsx';
import * as css from './AuthSettings.css.ts';

/** While an Authentication settings page reads the project's settings. */
export function AuthSettingsLoading() {
  return (
    <div className={css.page} aria-busy="true" aria-label="Loading settings">
      <SkeletonLines lines={6} />
    </div>
  );
}
