import company from '../../../content/company.json' with { type: 'json' };
import { quote, type EnvReader } from '../../config/env-reader.ts';
import { isPlainAddress } from '../../mail/mailer.ts';

export interface AffiliatesConfig {
  /** Where new affiliate applications are sent: the company's affiliate team by default. */
  notifyTo: string;
  /** Applications one address may send in AFFILIATE_RATE_WINDOW: a person applies once; retries are fine. */
  ratePerWindow: number;
}

export const AFFILIATE_RATE_WINDOW = '10 minutes';

/** Reads the affiliates section of the configuration (documented in .env.example). */
export function readAffiliatesConfig(read: EnvReader): AffiliatesConfig {
  const notifyTo = read.string('AFFILIATES_NOTIFY_TO', company.affiliatesEmail);
  // The delivery worker sends to one plain address only (a list or a display name is failed
  // unsent), so anything else would lose every application's notice without a word.
  if (!isPlainAddress(notifyTo)) {
    read.problems.push(`AFFILIATES_NOTIFY_TO must be one email address (got ${quote(notifyTo)})`);
  }
  const ratePerWindow = read.integer('AFFILIATES_RATE_LIMIT', 10, { min: 1, max: 1_000_000 });
  return { notifyTo, ratePerWindow };
}
