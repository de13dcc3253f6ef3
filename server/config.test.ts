import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({}, '/work/app')).toEqual({
      port: 54321,
      host: '127.0.0.1',
      dataDir: '/work/app/.strata',
      databaseUrl: undefined,
      mode: 'platform',
      pgPort: 54322,
      pgPortExplicit: false,
      distDir: '/work/app/dist',
      devSwitches: false,
      // Objects and tus uploads in the data folder (issue 23: STRATA_STORAGE_BACKEND=s3 chooses S3).
      storage: { backend: 'local' },
    });
  });

  it('turns the developer switches on with STRATA_DEV_SWITCHES=1 only', () => {
    expect(loadConfig({ STRATA_DEV_SWITCHES: '1' }, '/w').devSwitches).toBe(true);
    expect(loadConfig({ STRATA_DEV_SWITCHES: '0' }, '/w').devSwitches).toBe(false);
    expect(() => loadConfig({ STRATA_DEV_SWITCHES: 'yes' }, '/w')).toThrow(/STRATA_DEV_SWITCHES must be/);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      { PORT: '8000', HOST: '0.0.0.0', STRATA_DATA_DIR: 'data', DATABASE_URL: 'postgres://u:p@db:5432/app', STRATA_MODE: 'self-hosted', STRATA_PG_PORT: '6000' },
      '/srv',
    );
    expect(config).toMatchObject({ port: 8000, host: '0.0.0.0', dataDir: '/srv/data', databaseUrl: 'postgres://u:p@db:5432/app', mode: 'self-hosted', pgPort: 6000, pgPortExplicit: true });
  });

  it('refuses bad values with one readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty', STRATA_MODE: 'cloud', DATABASE_URL: 'mysql://x' })).toThrow(
      "Invalid configuration: PORT must be a port number (1-65535), got 'eighty'; DATABASE_URL must be a postgres:// or postgresql:// URL; STRATA_MODE must be 'platform' or 'self-hosted'",
    );
    expect(() => loadConfig({ STRATA_PG_PORT: '70000' })).toThrow(/STRATA_PG_PORT must be a port number/);
  });
});
