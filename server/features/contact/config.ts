import type { EnvReader } from '../../config/env-reader.ts';

export interface ContactConfig {
  /** How many contact messages one IP address may send per window. */
  rateLimit: { max: number; windowSeconds: number };
}

/** Reads the contact section of the configuration; problems go to `read.problems`. */
export function readContactConfig(read: EnvReader): ContactConfig {
  return {
    rateLimit: {
      max: read.integer('CONTACT_RATE_LIMIT_MAX', 5, { min: 1, max: 10_000 }),
      windowSeconds: read.integer('CONTACT_RATE_LIMIT_WINDOW_SECONDS', 600, { min: 1, max: 86_400 }),
    },
  };
}
