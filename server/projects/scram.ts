// SCRAM-SHA-256 verifiers computed here, so a project's database password never reaches Postgres (or its logs)
// in clear text: `CREATE ROLE ... PASSWORD '<verifier>'` stores it as given (PostgreSQL docs, "Password
// Authentication"). Format: SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey> (RFC 5803).
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

// RFC 4013 SASLprep, the parts that change bytes: non-ASCII spaces become spaces, "mapped to nothing" code
// points vanish, then NFKC. Postgres and libpq normalise the same way, so non-ASCII passwords still match.
const NON_ASCII_SPACE = /[\u00A0\u1680\u2000-\u200B\u202F\u205F\u3000]/g;
// eslint-disable-next-line no-misleading-character-class
const MAPPED_TO_NOTHING = /[\u00AD\u034F\u1806\u180B-\u180D\u200C\u200D\u2060\uFE00-\uFE0F\uFEFF]/g;

export function saslPrep(password: string): string {
  return password.replace(NON_ASCII_SPACE, ' ').replace(MAPPED_TO_NOTHING, '').normalize('NFKC');
}

export function scramVerifier(password: string, iterations = 4096): string {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(saslPrep(password), salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}
