// Configuration of the local platform, read once from the environment (DESIGN §5).
import { resolve } from 'node:path';

export type Mode = 'platform' | 'self-hosted';

export interface Config {
  /** HTTP port of the platform (console + API). */
  port: number;
  /** Interface to bind; loopback by default so nothing is exposed to the network (DESIGN §5). */
  host: string;
  /** Absolute path of the data folder (embedded cluster, secrets, files). */
  dataDir: string;
  /** An existing Postgres server to use instead of the embedded cluster. */
  databaseUrl: string | undefined;
  mode: Mode;
  /** Preferred port of the embedded cluster; another free one is chosen when it is taken and not set explicitly. */
  pgPort: number;
  /** True when STRATA_PG_PORT was given: then a busy port is an error rather than a reason to move. */
  pgPortExplicit: boolean;
  /** Folder of the built console (vite build output). */
  distDir: string;
  /** STRATA_DEV_SWITCHES=1: the developer switch route that makes lifecycle operations fail (off by default). */
  devSwitches?: boolean;
  /** Where object bytes, tus uploads, backups and archives go (issue 23): the data folder (default) or S3. */
  storage?: StorageConfig;
  /**
   * STRATA_PUBLIC_URL: the address users reach the platform at (the load balancer's, issue 23). Every process
   * behind it must give the same one: it is the access tokens' issuer, so a session from one is valid on another.
   */
  publicUrl?: string;
}

export interface S3StorageConfig {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export type StorageConfig = { backend: 'local' } | ({ backend: 's3' } & S3StorageConfig);

const S3_REQUIRED = ['STRATA_S3_REGION', 'STRATA_S3_BUCKET', 'STRATA_S3_ACCESS_KEY_ID', 'STRATA_S3_SECRET_ACCESS_KEY'] as const;

/** STRATA_STORAGE_BACKEND=local|s3 and, for s3, the STRATA_S3_* variables; throws naming every missing one. */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const backend = env.STRATA_STORAGE_BACKEND?.trim() || 'local';
  if (backend === 'local') return { backend: 'local' };
  if (backend !== 's3') throw new Error(`Invalid configuration: STRATA_STORAGE_BACKEND must be 'local' or 's3', got '${backend}'`);
  const missing = S3_REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length) throw new Error(`Invalid configuration: STRATA_STORAGE_BACKEND=s3 needs ${missing.join(', ')}`);
  const endpoint = env.STRATA_S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error('Invalid configuration: STRATA_S3_ENDPOINT must be an http:// or https:// URL');
  const pathStyle = env.STRATA_S3_FORCE_PATH_STYLE?.trim() ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(pathStyle)) {
    throw new Error("Invalid configuration: STRATA_S3_FORCE_PATH_STYLE must be 'true' or 'false'");
  }
  return {
    backend: 's3',
    endpoint,
    region: env.STRATA_S3_REGION!.trim(),
    bucket: env.STRATA_S3_BUCKET!.trim(),
    accessKeyId: env.STRATA_S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.STRATA_S3_SECRET_ACCESS_KEY!.trim(),
    forcePathStyle: pathStyle === '1' || pathStyle === 'true',
  };
}

// Plain checks rather than a schema library: this module is on the start-up path before the port opens
// (server/main.ts), and importing zod cost ~150-450 ms of it (issue 15, `npm start` <= 2 s to the first 200).
function port(env: NodeJS.ProcessEnv, name: string, fallback: number, issues: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    issues.push(`${name} must be a port number (1-65535), got '${raw}'`);
    return fallback;
  }
  return value;
}

function databaseUrl(raw: string | undefined, issues: string[]): string | undefined {
  if (raw !== undefined && raw !== '' && !/^postgres(ql)?:\/\//.test(raw)) issues.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  return raw;
}

function oneOf<const T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], message: string, issues: string[]): T | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  issues.push(message);
  return undefined;
}

function publicUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.STRATA_PUBLIC_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`Invalid configuration: STRATA_PUBLIC_URL must be an http:// or https:// URL, got '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Invalid configuration: STRATA_PUBLIC_URL must be an http:// or https:// URL, got '${raw}'`);
  return url.origin;
}

/** Reads the configuration; throws one readable message listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const issues: string[] = [];
  const e = {
    PORT: port(env, 'PORT', 54321, issues),
    HOST: env.HOST,
    STRATA_DATA_DIR: env.STRATA_DATA_DIR,
    DATABASE_URL: databaseUrl(env.DATABASE_URL, issues),
    STRATA_MODE: oneOf(env, 'STRATA_MODE', ['platform', 'self-hosted'], "STRATA_MODE must be 'platform' or 'self-hosted'", issues),
    STRATA_PG_PORT: port(env, 'STRATA_PG_PORT', 54322, issues),
    STRATA_DIST_DIR: env.STRATA_DIST_DIR,
    STRATA_DEV_SWITCHES: oneOf(env, 'STRATA_DEV_SWITCHES', ['', '0', '1'], "STRATA_DEV_SWITCHES must be '1' (on) or '0' (off)", issues),
  };
  if (issues.length > 0) throw new Error(`Invalid configuration: ${issues.join('; ')}`);
  return {
    port: e.PORT,
    host: e.HOST?.trim() || '127.0.0.1',
    dataDir: resolve(cwd, e.STRATA_DATA_DIR?.trim() || '.strata'),
    databaseUrl: e.DATABASE_URL?.trim() || undefined,
    mode: e.STRATA_MODE ?? 'platform',
    pgPort: e.STRATA_PG_PORT,
    pgPortExplicit: Boolean(env.STRATA_PG_PORT?.trim()),
    distDir: resolve(cwd, e.STRATA_DIST_DIR?.trim() || 'dist'),
    devSwitches: e.STRATA_DEV_SWITCHES === '1',
    storage: loadStorageConfig(env),
    ...(publicUrl(env) ? { publicUrl: publicUrl(env)! } : {}),
  };
}
