import { SECOND } from '../clock.ts';

/**
 * An authorization request's `max_age` (OIDC Core 3.1.2.1): absent, a whole number of seconds,
 * or 'invalid', which /oauth2/authorize answers with invalid_request. An empty value is absent,
 * as OAuth treats any parameter sent without a value.
 */
export function parseMaxAge(value: string | undefined): number | undefined | 'invalid' {
  if (value === undefined || value === '') return undefined;
  return /^\d+$/.test(value) ? Number(value) : 'invalid';
}

/**
 * Whether a sign-in made at `authTime` is recent enough for the app's `max_age`: an older one
 * must be asked again (OIDC Core: "MUST attempt to actively re-authenticate"), and max_age=0
 * never is, since OIDC makes it the same as prompt=login.
 */
export function withinMaxAge(authTime: Date, maxAge: number | undefined, now: number): boolean {
  return maxAge === undefined || now - authTime.getTime() < maxAge * SECOND;
}

/**
 * How far a provider's clock may run behind this pool's before its "signed in just now" reads
 * as a sign-in made before the app asked: a minute, as ID-token checks commonly allow for skew.
 * A remembered sign-in a provider hands back instead of asking again is minutes or hours old.
 */
const PROVIDER_CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Whether a provider's answer is the sign-in an app's `max_age`, sent at `askedAt`, asked for:
 * `authTimeSeconds` (its id token's auth_time, whole seconds, by the provider's clock) no older
 * then than max_age allows, or not before the request at all, which is the sign-in made anew
 * that max_age=0, as prompt=login, asks for; both with the provider's clock given
 * PROVIDER_CLOCK_TOLERANCE_SECONDS of leeway.
 */
export function signedInAsAsked(authTimeSeconds: number, maxAge: number | undefined, askedAt: number): boolean {
  const byOurClock = authTimeSeconds + PROVIDER_CLOCK_TOLERANCE_SECONDS;
  return byOurClock >= Math.floor(askedAt / SECOND) || withinMaxAge(new Date(byOurClock * SECOND), maxAge, askedAt);
}
