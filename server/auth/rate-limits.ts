// Every limit of the auth service in one place (issue 13 finding 3: unlimited guessing; DESIGN §5 "Limits").
// The names follow GoTrue's rate-limit settings (supabase config.toml [auth.rate_limit] and the Management API's
// rate_limit_* fields), which the console's Authentication → Rate Limits page shows (spec A2.7, A2.12 names
// auth_email_rate_limit for the mail one). A refused request answers 429 in GoTrue's shape:
//   {"code":429,"error_code":"over_request_rate_limit","msg":"Request rate limit reached"}
//   {"code":429,"error_code":"over_email_send_rate_limit","msg":"Email rate limit exceeded"} (endpoints that mail)
// Counters live in Postgres (auth.rate_limit_counters, migration 0008), so several platform processes agree.
//
// Override for local load tests or scripts: STRATA_AUTH_RATE_LIMITS="token_refresh=300/300,email_sent=10/3600"
// (name=max/seconds, comma-separated). The defaults below are the protective ones.
import type { Context } from 'hono';
import type pg from 'pg';
import { AuthError } from './errors.ts';

/** A fixed window that opens at the first counted request of a key: at most `max` requests per `windowSeconds`. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export const RATE_LIMIT_NAMES = [
  'sign_in_sign_ups',
  'password_attempts',
  'token_verifications',
  'token_verifications_per_address',
  'token_refresh',
  'email_sent',
  'email_sent_per_client',
  'mfa_verifications',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

const FIVE_MINUTES = 300;
const ONE_HOUR = 3600;

export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitName, RateLimit>> = {
  /**
   * Per client address: POST /signup, /token?grant_type=password, /otp, /recover, /resend. GoTrue's
   * sign_in_sign_ups (rate_limit_otp), default 30 per 5 minutes per IP.
   */
  sign_in_sign_ups: { max: 30, windowSeconds: FIVE_MINUTES },
  /**
   * Per e-mail address: wrong passwords of /token?grant_type=password (a right one gives its count back), so
   * many clients cannot share out the guessing of one account. Ours: GoTrue limits sign-ins per IP only.
   */
  password_attempts: { max: 10, windowSeconds: FIVE_MINUTES },
  /** Per client: POST and GET /verify. GoTrue's token_verifications (rate_limit_verify), 30 per 5 minutes per IP. */
  token_verifications: { max: 30, windowSeconds: FIVE_MINUTES },
  /** Per e-mail address: POST /verify with an e-mail and a code. Same figure as per client. */
  token_verifications_per_address: { max: 30, windowSeconds: FIVE_MINUTES },
  /** Per client: /token?grant_type=refresh_token. GoTrue's token_refresh (rate_limit_token_refresh), 150 per 5 min. */
  token_refresh: { max: 150, windowSeconds: FIVE_MINUTES },
  /**
   * Per recipient address: every mail (/otp, /recover, /resend, e-mail change), whether or not the address has
   * an account. GoTrue's email_sent (rate_limit_email_sent, spec A2.12 auth_email_rate_limit) is 2 per hour for a
   * whole project on the built-in mailer; locally mail only reaches the inbox, so a few per hour per address
   * keeps development usable while a mailed code (MAX_CODE_ATTEMPTS tries each) stays unguessable.
   */
  email_sent: { max: 5, windowSeconds: ONE_HOUR },
  /** Per client: the same mails, however many addresses they go to. */
  email_sent_per_client: { max: 30, windowSeconds: ONE_HOUR },
  /** Per user: POST /factors/{id}/verify (TOTP codes are guessable too). */
  mfa_verifications: { max: 30, windowSeconds: FIVE_MINUTES },
};

/**
 * Wrong codes a mailed one-time code survives: the last allowed wrong try deletes it (and its link), so
 * guessing needs a new mail every MAX_CODE_ATTEMPTS tries — and mails are limited by email_sent.
 */
export const MAX_CODE_ATTEMPTS = 5;

/** Counter rows older than this are deleted now and then (longer than every window). */
const COUNTER_RETENTION_SECONDS = 24 * ONE_HOUR;

export type RateLimitOverrides = Partial<Record<RateLimitName, Partial<RateLimit>>>;

const isName = (name: string): name is RateLimitName => (RATE_LIMIT_NAMES as readonly string[]).includes(name);

/** STRATA_AUTH_RATE_LIMITS: "name=max/seconds,…"; what cannot be read is reported and left at its default. */
export function parseRateLimitOverrides(text: string | undefined): {
  limits: Partial<Record<RateLimitName, RateLimit>>;
  problems: string[];
} {
  const limits: Partial<Record<RateLimitName, RateLimit>> = {};
  const problems: string[] = [];
  for (const entry of (text ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const match = /^([a-z_]+)=(\d+)\/(\d+)$/.exec(entry);
    if (!match) {
      problems.push(`'${entry}' is not name=max/seconds`);
      continue;
    }
    const [, name, max, seconds] = match as unknown as [string, string, string, string];
    if (!isName(name)) problems.push(`'${name}' is not a rate limit (one of ${RATE_LIMIT_NAMES.join(', ')})`);
    else if (Number(max) < 1 || Number(seconds) < 1) problems.push(`'${entry}': max and seconds must be at least 1`);
    else limits[name] = { max: Number(max), windowSeconds: Number(seconds) };
  }
  return { limits, problems };
}

export function resolveRateLimits(
  overrides: RateLimitOverrides | undefined,
  log: (line: string) => void,
  env: string | undefined = process.env.STRATA_AUTH_RATE_LIMITS,
): Record<RateLimitName, RateLimit> {
  const fromEnv = parseRateLimitOverrides(env);
  for (const problem of fromEnv.problems) log(`[auth] STRATA_AUTH_RATE_LIMITS: ${problem}; the default is kept`);
  const resolved = { ...DEFAULT_RATE_LIMITS };
  for (const name of RATE_LIMIT_NAMES) resolved[name] = { ...resolved[name], ...fromEnv.limits[name], ...overrides?.[name] };
  return resolved;
}

/** The 429 itself; index.ts adds Retry-After from `retryAfterSeconds`. */
export class RateLimited extends AuthError {
  constructor(
    kind: 'request' | 'email',
    readonly retryAfterSeconds: number,
  ) {
    super(
      429,
      kind === 'email' ? 'over_email_send_rate_limit' : 'over_request_rate_limit',
      kind === 'email' ? 'Email rate limit exceeded' : 'Request rate limit reached',
    );
  }
}

const MAIL_LIMITS: ReadonlySet<RateLimitName> = new Set(['email_sent', 'email_sent_per_client']);

export interface RateCheck {
  limit: RateLimitName;
  /** Client address, lower-cased e-mail or user id; a check without a key is skipped. */
  key: string | null | undefined;
}

export interface RateLimiter {
  readonly limits: Readonly<Record<RateLimitName, RateLimit>>;
  /** Counts one request on each check in order; throws RateLimited at the first that is over its limit. */
  take(checks: readonly RateCheck[]): Promise<void>;
  /** Gives back one counted request (a right password does not count as a guess). */
  refund(check: RateCheck): Promise<void>;
}

export function createRateLimiter(pool: pg.Pool, limits: Record<RateLimitName, RateLimit>): RateLimiter {
  let sinceCleanup = 0;
  return {
    limits,
    async take(checks) {
      for (const { limit, key } of checks) {
        if (!key) continue;
        const { max, windowSeconds } = limits[limit];
        // One statement per check: the row lock of the upsert serialises concurrent requests of one key, so
        // processes sharing the database count together. Refused requests are counted too (capped at max + 1).
        const result = await pool.query<{ hits: number; retry_after: number }>(
          `INSERT INTO auth.rate_limit_counters AS r (name, key, window_start, hits) VALUES ($1, $2, now(), 1)
           ON CONFLICT (name, key) DO UPDATE SET
             window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $3) THEN now() ELSE r.window_start END,
             hits = CASE WHEN r.window_start <= now() - make_interval(secs => $3) THEN 1 ELSE LEAST(r.hits + 1, $4 + 1) END
           RETURNING hits,
             GREATEST(1, ceil(extract(epoch FROM window_start + make_interval(secs => $3) - now())))::int AS retry_after`,
          [limit, key, windowSeconds, max],
        );
        const row = result.rows[0]!;
        if (row.hits > max) throw new RateLimited(MAIL_LIMITS.has(limit) ? 'email' : 'request', row.retry_after);
      }
      if (++sinceCleanup >= 500) {
        sinceCleanup = 0;
        await pool
          .query('DELETE FROM auth.rate_limit_counters WHERE window_start < now() - make_interval(secs => $1)', [
            COUNTER_RETENTION_SECONDS,
          ])
          .catch(() => {});
      }
    },
    async refund({ limit, key }) {
      if (!key) return;
      await pool.query('UPDATE auth.rate_limit_counters SET hits = GREATEST(0, hits - 1) WHERE name = $1 AND key = $2', [
        limit,
        key,
      ]);
    },
  };
}

/**
 * The client's address as the socket saw it. X-Forwarded-For is not trusted: anyone could send it to get a
 * fresh counter. Requests that reach the service without a socket (an in-process call) share one key.
 */
export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const address = env?.incoming?.socket?.remoteAddress;
  if (!address) return 'unknown';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/** Addresses are compared lower-cased, as stored. */
export const addressKey = (email: string | null | undefined) => (email ? email.toLowerCase() : null);

/** Endpoints that mail: a sign-in/sign-up request of the client, and a mail to the address (issue 13 finding 3). */
export const mailChecks = (c: Context, email: string): RateCheck[] => [
  { limit: 'sign_in_sign_ups', key: clientAddress(c) },
  { limit: 'email_sent_per_client', key: clientAddress(c) },
  { limit: 'email_sent', key: addressKey(email) },
];
