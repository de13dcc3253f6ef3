// <dataDir>/secrets.json: secrets generated once per data folder (mode 0600, never logged).
// Other parts of the platform may keep their own keys in the same file: unknown keys are preserved.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PlatformSecrets {
  /** Password of the embedded cluster's superuser `postgres`. */
  postgresPassword: string;
}

const generators: { [K in keyof PlatformSecrets]: () => PlatformSecrets[K] } = {
  postgresPassword: () => randomBytes(24).toString('base64url'),
};

export function secretsPath(dataDir: string): string {
  return join(dataDir, 'secrets.json');
}

/** Returns the data folder's secrets, generating (and durably writing) the missing ones. */
export function loadSecrets(dataDir: string): PlatformSecrets {
  mkdirSync(dataDir, { recursive: true });
  const file = secretsPath(dataDir);
  let stored: Record<string, unknown> = {};
  if (existsSync(file)) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
      else throw new Error('not an object');
    } catch {
      // Regenerating would lock us out of an existing cluster, so refuse loudly instead.
      throw new Error(`${file} is not valid JSON; fix or remove it (removing it requires removing the pg folder too)`);
    }
  }
  let changed = false;
  const result = { ...stored } as Record<string, unknown>;
  for (const key of Object.keys(generators) as (keyof PlatformSecrets)[]) {
    if (typeof result[key] !== 'string' || result[key] === '') {
      result[key] = generators[key]();
      changed = true;
    }
  }
  if (changed) {
    // Write then rename: a crash never leaves a half-written secrets file behind.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(result, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, file);
  }
  return result as unknown as PlatformSecrets;
}
