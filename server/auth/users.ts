// Users and how they are shown (spec A3 User: id, aud, role, email, phone, app_metadata, user_metadata,
// confirmed_at, email_confirmed_at, created_at, updated_at, last_sign_in_at, identities[], factors[]).
import type { Queryable } from './db.ts';

export interface UserRow {
  id: string;
  email_identity_id: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  /** A requested new address, not yet confirmed from that address (GoTrue's secure e-mail change). */
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string;
  factor_type: 'totp';
  status: 'verified' | 'unverified';
  secret: string;
  created_at: Date;
  updated_at: Date;
}

const USER_COLUMNS = `id, email_identity_id, email, encrypted_password, email_confirmed_at, email_change,
  email_change_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at`;

export const ROLE = 'authenticated';

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM auth.users WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return result.rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM auth.users WHERE email = $1 AND deleted_at IS NULL`,
    [email.toLowerCase()],
  );
  return result.rows[0] ?? null;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
}

/** Returns null when the e-mail is taken (the unique index decides, so concurrent sign-ups cannot both win). */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `INSERT INTO auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
     VALUES ($1, $2, CASE WHEN $3 THEN now() END, $4, $5)
     ON CONFLICT (email) WHERE email IS NOT NULL DO NOTHING
     RETURNING ${USER_COLUMNS}`,
    [user.email.toLowerCase(), user.passwordHash, user.confirmed, user.userMetadata ?? {}, user.appMetadata ?? {}],
  );
  return result.rows[0] ?? null;
}

export interface UserChanges {
  email?: string;
  passwordHash?: string;
  /** Merged into the stored metadata, as GoTrue does; a null value removes the key. */
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmEmail?: boolean;
  signedIn?: boolean;
}

/** Returns null when the new e-mail belongs to someone else. */
export async function updateUser(db: Queryable, id: string, changes: UserChanges): Promise<UserRow | null> {
  try {
    const result = await db.query<UserRow>(
      `UPDATE auth.users SET
         email = COALESCE($2, email),
         encrypted_password = COALESCE($3, encrypted_password),
         raw_user_meta_data = jsonb_strip_nulls(raw_user_meta_data || COALESCE($4::jsonb, '{}'::jsonb)),
         raw_app_meta_data = jsonb_strip_nulls(raw_app_meta_data || COALESCE($5::jsonb, '{}'::jsonb)),
         email_confirmed_at = CASE WHEN $6 THEN COALESCE(email_confirmed_at, now()) ELSE email_confirmed_at END,
         last_sign_in_at = CASE WHEN $7 THEN now() ELSE last_sign_in_at END,
         updated_at = now()
       WHERE id = $1 AND deleted_at IS NULL
       RETURNING ${USER_COLUMNS}`,
      [
        id,
        changes.email?.toLowerCase() ?? null,
        changes.passwordHash ?? null,
        changes.userMetadata ?? null,
        changes.appMetadata ?? null,
        changes.confirmEmail ?? false,
        changes.signedIn ?? false,
      ],
    );
    return result.rows[0] ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return null; // unique_violation on email
    throw error;
  }
}

/** Records the requested address; the account keeps its address until the new one confirms (issue 13 #6). */
export async function requestEmailChange(db: Queryable, id: string, newEmail: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `UPDATE auth.users SET email_change = $2, email_change_sent_at = now(), updated_at = now()
     WHERE id = $1 AND deleted_at IS NULL RETURNING ${USER_COLUMNS}`,
    [id, newEmail.toLowerCase()],
  );
  return result.rows[0] ?? null;
}

/** Users with this pending new address (several may have asked for it; only its owner can confirm). */
export async function findUsersByPendingEmail(db: Queryable, email: string): Promise<UserRow[]> {
  const result = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM auth.users WHERE email_change = $1 AND deleted_at IS NULL ORDER BY id LIMIT 20`,
    [email.toLowerCase()],
  );
  return result.rows;
}

/**
 * The new address proved itself: it becomes the account's (confirmed) address. 'gone' when the change was
 * withdrawn or replaced meanwhile; 'taken' when another account holds the address by now.
 */
export async function applyEmailChange(
  db: Queryable,
  id: string,
  newEmail: string,
): Promise<UserRow | 'gone' | 'taken'> {
  try {
    const result = await db.query<UserRow>(
      `UPDATE auth.users SET email = email_change, email_change = NULL, email_change_sent_at = NULL,
         email_confirmed_at = now(), updated_at = now()
       WHERE id = $1 AND email_change = $2 AND deleted_at IS NULL RETURNING ${USER_COLUMNS}`,
      [id, newEmail.toLowerCase()],
    );
    return result.rows[0] ?? 'gone';
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return 'taken';
    throw error;
  }
}

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const result = await db.query<FactorRow>(
    'SELECT * FROM auth.mfa_factors WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return result.rows;
}

const iso = (value: Date | null) => (value ? value.toISOString() : undefined);

export function factorJson(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
  };
}

/** The user as GoTrue shows it; `factors` is left out when empty, like GoTrue's omitempty. */
export function userJson(user: UserRow, factors: readonly FactorRow[] = []) {
  const confirmedAt = iso(user.email_confirmed_at);
  const identity = user.email
    ? [
        {
          identity_id: user.email_identity_id,
          id: user.id,
          user_id: user.id,
          identity_data: { email: user.email, email_verified: Boolean(confirmedAt), phone_verified: false, sub: user.id },
          provider: 'email',
          email: user.email,
          last_sign_in_at: iso(user.last_sign_in_at),
          created_at: iso(user.created_at),
          updated_at: iso(user.updated_at),
        },
      ]
    : [];
  return {
    id: user.id,
    aud: ROLE,
    role: ROLE,
    email: user.email ?? '',
    email_confirmed_at: confirmedAt,
    phone: '',
    confirmed_at: confirmedAt,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: { provider: 'email', providers: ['email'], ...user.raw_app_meta_data },
    user_metadata: user.raw_user_meta_data,
    identities: identity,
    // GoTrue shows a pending e-mail change this way (auth-js's User.new_email, email_change_sent_at).
    ...(user.email_change
      ? { new_email: user.email_change, email_change_sent_at: iso(user.email_change_sent_at) }
      : {}),
    ...(factors.length ? { factors: factors.map(factorJson) } : {}),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  };
}

export type UserJson = ReturnType<typeof userJson>;

export async function loadUserJson(db: Queryable, user: UserRow): Promise<UserJson> {
  return userJson(user, await listFactors(db, user.id));
}
