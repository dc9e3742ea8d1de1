import type { EnvReader } from '../config/env-reader.ts';

export interface RetentionConfig {
  /** How often each instance sweeps (RETENTION_SWEEP_INTERVAL_SECONDS). */
  intervalMs: number;
  /** How long an account that never confirmed its email is kept (IDENTITY_UNCONFIRMED_USER_MAX_AGE_DAYS). */
  unconfirmedUserMaxAgeMs: number;
}

/** Reads the retention section of the configuration; problems go to `read.problems`. */
export function readRetentionConfig(read: EnvReader): RetentionConfig {
  return {
    intervalMs: read.integer('RETENTION_SWEEP_INTERVAL_SECONDS', 600, { min: 1, max: 86_400 }) * 1000,
    unconfirmedUserMaxAgeMs:
      read.integer('IDENTITY_UNCONFIRMED_USER_MAX_AGE_DAYS', 7, { min: 1, max: 3650 }) * 24 * 60 * 60 * 1000,
  };
}
