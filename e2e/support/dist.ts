import { resolve } from 'node:path';

/** The built console the e2e platform serves: STRATA_DIST_DIR when set (as the platform reads it), else dist/. */
export const BUILT_CONSOLE = resolve(process.env.STRATA_DIST_DIR?.trim() || 'dist');
