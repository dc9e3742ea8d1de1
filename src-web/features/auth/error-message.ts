import { ServerRefusal } from './retry-transient.ts';

/**
 * The identity service's (or our server's) own message when there is one, else the product's
 * fixed fallback. Not a message: the browser's TypeError of a fetch that got no answer ("Failed
 * to fetch"), nor a refusal our server gave no words for (a proxy's 502 page), whose message
 * only names the request and its status.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || error instanceof TypeError) return fallback;
  if (error instanceof ServerRefusal && !error.serverSaid) return fallback;
  return error.message.trim() !== '' ? error.message : fallback;
}
