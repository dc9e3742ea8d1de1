/**
 * The background reports that follow a sign-up (its lead, its referral) are the operator's
 * record of it and a partner's commission: a dropped connection or a busy server must not lose
 * them, and the server accepts a referral only within minutes of the sign-up. So a report that
 * meets a network failure, a 5xx or a 429 is sent again after each of these waits (under a
 * minute in all), while a refusal (another 4xx) is final.
 */
const TRANSIENT_RETRY_DELAYS_MS = [2_000, 8_000, 30_000] as const;

/** A request the server answered with a failure status. */
export class ServerRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Whether `message` is the server's own words; else it only names the request and status (for logs, not people). */
    readonly serverSaid: boolean,
  ) {
    super(message);
  }
}

/** A network failure (anything but the server's answer), a 5xx or a 429: worth asking again. */
const isTransient = (error: unknown) => !(error instanceof ServerRefusal) || error.status >= 500 || error.status === 429;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `attempt`, again after each delay while it fails transiently; the last failure is thrown. */
export async function retryingTransient<T>(attempt: () => Promise<T>): Promise<T> {
  for (const delay of TRANSIENT_RETRY_DELAYS_MS) {
    try {
      return await attempt();
    } catch (error) {
      if (!isTransient(error)) throw error;
      await sleep(delay);
    }
  }
  return attempt();
}
