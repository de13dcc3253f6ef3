// spec A2.13: the JWT secret's update progress ('Updating JWT secret...', 'JWT secret is being updated') and the
// failure line of A8.
import { Spinner } from '../../ui/Spinner.tsx';
import { JWT_TEXT } from '../../domain/api-keys.ts';
import * as css from './ApiKeys.css.ts';

export function JwtStatusNotice({ updating, progress, error }: { updating: boolean; progress: string | null; error: string | null }) {
  if (updating) {
    return (
      <div className={css.status} role="status" data-testid="jwt-status">
        <Spinner size={16} label="Updating" />
        <div>
          <strong>{JWT_TEXT.updating}</strong>
          <p className={css.text}>
            {JWT_TEXT.beingUpdated}
            {progress ? ` — ${progress}` : ''}
          </p>
        </div>
      </div>
    );
  }
  if (error) {
    return (
      <p className={css.warning} role="alert" data-testid="jwt-status">
        {error}
      </p>
    );
  }
  return null;
}
