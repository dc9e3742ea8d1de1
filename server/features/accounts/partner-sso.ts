import { SignJWT } from 'jose';
import type { Customer } from './store.ts';

/** How long the platform may take to redeem an assertion. */
const ASSERTION_SECONDS = 60;

/**
 * The address that signs a customer in to the partner platform: its URL with a short-lived
 * HS256 assertion (who, for whom, until when, used once by its jti) in `assertion`.
 */
export async function partnerSsoUrl(
  config: { platformUrl: string; secret: string },
  issuer: string,
  customer: Customer,
): Promise<string> {
  const url = new URL(config.platformUrl);
  const assertion = await new SignJWT({ email: customer.email, name: customer.name })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(customer.sub)
    .setIssuer(issuer)
    .setAudience(url.origin)
    .setIssuedAt()
    .setExpirationTime(`${ASSERTION_SECONDS}s`)
    .setJti(crypto.randomUUID())
    .sign(new TextEncoder().encode(config.secret));
  url.searchParams.set('assertion', assertion);
  return url.href;
}
