import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  forgetAccount,
  getPreferences,
  getRecentSignIns,
  partnerSso,
  recordReferral,
  recordSignUpLead,
  savePreferences,
} from '../../../src-shared/domain/endpoints/accounts.ts';
import { userFromIdToken, type IdTokenClaims } from '../../../src-shared/domain/accounts/user.ts';
import type { Schema } from '../../db/schema.ts';
import { routeOf } from '../../http/contract-route.ts';
import type { AccessControl } from '../../http/route-access.ts';
import type { Clock } from '../../identity/clock.ts';
import { findUserBySub } from '../../identity/users.ts';
import { recordAudit } from '../audit/record.ts';
import type { AccountsConfig } from './config.ts';
import { partnerSsoUrl } from './partner-sso.ts';
import { captureTimeProblem, isSigningUp, LATE_REFERRAL, type AccountSignUp } from './referral-window.ts';
import {
  forgetCustomer,
  hasReferral,
  readPreferences,
  recentSignIns,
  signUpLeadRecordedAt,
  storeReferral,
  storeSignUpLead,
  writePreferences,
  type Customer,
} from './store.ts';

export interface AccountsDeps {
  db: Kysely<Schema>;
  config: AccountsConfig;
  /** Checks an id token of the configured pool (signature, issuer, audience, expiry); rejects when invalid. */
  verifyIdToken(idToken: string): Promise<IdTokenClaims>;
  /** Our public origin: the issuer of partner assertions. */
  publicUrl: string;
  /** The app's access control: this feature checks the `user` routes' id tokens. */
  access: AccessControl;
  /** The server's time (the identity service's clock, which tests move). */
  clock: Clock;
  /** Whether the user pool is ours (its accounts' creation dates are in the database), not AWS Cognito. */
  embeddedPool: boolean;
}

export const INVALID_TOKEN = 'Invalid or expired id token';
const PARTNER_PLATFORM_NOT_CONFIGURED = 'The partner platform is not configured';
const PARTNER_EMAIL_UNVERIFIED = 'Verify your email address before opening the partner platform.';

type VerifiedCustomer = Customer & { claims: IdTokenClaims };

/**
 * The customer accounts API: referral attribution, the sign-up lead, partner single sign-on,
 * preferences, recent sign-ins and the account's removal. Every call is authenticated by the
 * caller's id token, checked by the app's access control (the gate below) before the body is
 * validated or the route runs. The sign-in and profile reports live with the audit log.
 */
export function registerAccountsRoutes(app: FastifyInstance, deps: AccountsDeps): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const userOnly = { access: 'user' } as const;
  const customers = new WeakMap<FastifyRequest, VerifiedCustomer>();

  async function customerFrom(idToken: unknown, request: FastifyRequest): Promise<VerifiedCustomer | undefined> {
    if (typeof idToken !== 'string' || idToken === '') return undefined;
    try {
      const claims = await deps.verifyIdToken(idToken);
      const user = userFromIdToken(claims);
      return { sub: claims.sub, email: user.email, name: user.name, claims };
    } catch (error) {
      request.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'id token rejected');
      return undefined;
    }
  }

  const bearer = (request: FastifyRequest) => /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  const bodyToken = (body: unknown) =>
    typeof body === 'object' && body !== null ? (body as { idToken?: unknown }).idToken : undefined;

  // Audits answer `{ok, error}` (the audit endpoints' fixed shape), the others `{error}`: each route's 401 schema keeps its fields.
  deps.access.guard('user', async (request, reply, from) => {
    const customer = await customerFrom(from === 'body' ? bodyToken(request.body) : bearer(request), request);
    if (customer) customers.set(request, customer);
    else await reply.status(401).send({ ok: false, error: INVALID_TOKEN });
  });

  /** The customer the gate found for this request. */
  const customerOf = (request: FastifyRequest): VerifiedCustomer => {
    const customer = customers.get(request);
    if (!customer) throw new Error(`${request.method} ${request.url} reached its handler without the user gate`);
    return customer;
  };

  const accountSignUp = async (sub: string): Promise<AccountSignUp> => ({
    leadRecordedAt: await signUpLeadRecordedAt(deps.db, sub),
    accountCreatedAt: deps.embeddedPool ? (await findUserBySub(deps.db, sub))?.created_at : undefined,
  });

  // A referral is the sign-up's: refused later (an existing customer signing in again, or anyone
  // crediting an account long after), and refused with a capture time outside the referral window.
  api.route({
    ...routeOf(recordReferral),
    config: userOnly,
    handler: async (request, reply) => {
      const customer = customerOf(request);
      const now = deps.clock.now();
      const problem = captureTimeProblem(request.body.referral.timestamp, now);
      if (problem) return reply.status(400).send({ error: problem });
      if (!isSigningUp(await accountSignUp(customer.sub), now)) {
        request.log.info({ sub: customer.sub }, 'referral refused: not with the sign-up');
        return reply.status(409).send({ error: LATE_REFERRAL });
      }
      const recorded = await storeReferral(deps.db, customer, request.body.referral);
      return reply.status(recorded ? 201 : 200).send({ ok: true });
    },
  });

  api.route({
    ...routeOf(recordSignUpLead),
    config: userOnly,
    handler: async (request, reply) => {
      const customer = customerOf(request);
      const now = deps.clock.now();
      const created = await storeSignUpLead(deps.db, customer, request.body.source, new Date(now));
      if (created) return reply.status(201).send({ ok: true, signingUp: true });
      // The same report sent again after its 201 was lost (a dropped connection) still leads to
      // the referral, once: while the sign-up is on and the account has none. A returning
      // customer's report does not.
      const signingUp = isSigningUp(await accountSignUp(customer.sub), now) && !(await hasReferral(deps.db, customer.sub));
      return reply.status(200).send({ ok: true, signingUp });
    },
  });

  api.route({
    ...routeOf(partnerSso),
    config: userOnly,
    handler: async (request, reply) => {
      const customer = customerOf(request);
      if (!deps.config.partnerSso) return reply.status(503).send({ error: PARTNER_PLATFORM_NOT_CONFIGURED });
      // The partner platform signs the person in by this address: only one the pool has verified.
      if (customer.claims.email_verified !== true) return reply.status(403).send({ error: PARTNER_EMAIL_UNVERIFIED });
      return { url: await partnerSsoUrl(deps.config.partnerSso, deps.publicUrl, customer) };
    },
  });

  api.route({
    ...routeOf(getPreferences),
    config: userOnly,
    handler: async (request) => {
      const customer = customerOf(request);
      return await readPreferences(deps.db, customer.sub);
    },
  });

  api.route({
    ...routeOf(savePreferences),
    config: userOnly,
    handler: async (request) => {
      const customer = customerOf(request);
      await writePreferences(deps.db, customer, request.body.marketingEmails);
      return await readPreferences(deps.db, customer.sub);
    },
  });

  api.route({
    ...routeOf(getRecentSignIns),
    config: userOnly,
    handler: async (request) => {
      const customer = customerOf(request);
      return { signIns: await recentSignIns(deps.db, customer.sub) };
    },
  });

  api.route({
    ...routeOf(forgetAccount),
    config: userOnly,
    handler: async (request) => {
      const customer = customerOf(request);
      await forgetCustomer(deps.db, customer.sub);
      await recordAudit(deps.db, request, { eventType: 'customer.account.delete', actor: customer.sub, subject: null });
      return { ok: true as const };
    },
  });
}
