// Request schemas of the connection settings (spec A2.10 Database Settings: password reset, pool mode and size).
import { z } from 'zod';
import { DB_PASSWORD_MIN_LENGTH } from '../../domain/password-strength.ts';
import { POOL_MODES, POOL_SIZE_MAX, POOL_SIZE_MIN } from '../../domain/connect/methods.ts';
import { storableString } from './platformFields.ts';

export const resetDbPasswordBody = z.object({
  password: storableString(1024).min(DB_PASSWORD_MIN_LENGTH, { error: `must be at least ${DB_PASSWORD_MIN_LENGTH} characters` }),
});

export const updatePoolerBody = z
  .object({
    pool_mode: z.enum(POOL_MODES as [string, ...string[]]).optional(),
    default_pool_size: z.number().int().min(POOL_SIZE_MIN).max(POOL_SIZE_MAX).optional(),
  })
  .refine((body) => body.pool_mode !== undefined || body.default_pool_size !== undefined, { error: 'pool_mode or default_pool_size is required' });
