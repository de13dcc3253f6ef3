// Configuration of the local platform, read once from the environment (DESIGN §5).
import { resolve } from 'node:path';
import { z } from 'zod';

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

const port = (name: string, fallback: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return fallback;
      const value = Number(raw);
      if (!Number.isInteger(value) || value < 1 || value > 65535) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a port number (1-65535), got '${raw}'` });
        return z.NEVER;
      }
      return value;
    });

const envSchema = z.object({
  PORT: port('PORT', 54321),
  HOST: z.string().optional(),
  STRATA_DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((url) => url === undefined || url === '' || /^postgres(ql)?:\/\//.test(url), {
      message: 'DATABASE_URL must be a postgres:// or postgresql:// URL',
    }),
  STRATA_MODE: z
    .enum(['platform', 'self-hosted'], { error: "STRATA_MODE must be 'platform' or 'self-hosted'" })
    .optional(),
  STRATA_PG_PORT: port('STRATA_PG_PORT', 54322),
  STRATA_DIST_DIR: z.string().optional(),
  STRATA_DEV_SWITCHES: z
    .enum(['', '0', '1'], { error: "STRATA_DEV_SWITCHES must be '1' (on) or '0' (off)" })
    .optional(),
});

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
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  const e = parsed.data;
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
