import { passwordStrength } from '../../domain/password-strength.ts';
import * as css from './NewForm.css.ts';

const tone = (score: number) => (score < 2 ? 'weak' : score < 3 ? 'fair' : 'strong');

/**
 * Four segments filled to the score (0–4) and the advice under the password field. An empty password gets its
 * message ('Enter a database password.') only once the form was submitted (showEmpty): a fresh form is not wrong yet.
 */
export function PasswordStrengthMeter({ password, id, showEmpty = false }: { password: string; id: string; showEmpty?: boolean }) {
  const strength = passwordStrength(password);
  const message = password === '' && !showEmpty ? '' : strength.message;
  const kind = tone(strength.score);
  return (
    <div data-testid="password-strength" data-score={strength.score}>
      <div
        className={css.meter}
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={strength.score}
        aria-valuetext={strength.label}
      >
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className={[css.segment, strength.score >= step ? css.segmentFill[kind] : ''].join(' ')} />
        ))}
      </div>
      <p id={id} className={css.meterMessage[kind]} aria-live="polite">
        {message}
      </p>
    </div>
  );
}
