import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  AuditLoginRequestSchema,
  AuditProfileRequestSchema,
  AuditReplySchema,
  ErrorReplySchema,
  OkReplySchema,
  PartnerSsoReplySchema,
  PartnerSsoRequestSchema,
  PreferencesSchema,
  RecentSignInsReplySchema,
  ReferralRequestSchema,
  SignUpLeadRequestSchema,
  type AuditReply,
} from '../../../src-shared/domain/accounts/api.ts';
import { loginProvider, userFromIdToken, type IdTokenClaims } from '../../../src-shared/domain/accounts/user.ts';
import type { Schema } from '../../db/schema.ts';
import { recordAudit } from '../admin/audit-log.ts';
import type { AccountsConfig } from './config.ts';
import { partnerSsoUrl } from './partner-sso.ts';
import {
  ACCOUNT_EVENTS,
  forgetCustomer,
  readPreferences,
  recentSignIns,
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
}

export const INVALID_TOKEN = 'Invalid or expired id token';
export const PARTNER_PLATFORM_NOT_CONFIGURED = 'The partner platform is not configured';

class Unauthorized extends Error {}

/**
 * The customer accounts API: login and profile audits (spec §7 Audit backend), referral
 * attribution, the sign-up lead, partner single sign-on, preferences, recent sign-ins and
 * the account's removal. Every call is authenticated by the caller's id token.
 */
export function registerAccountsRoutes(app: FastifyInstance, deps: AccountsDeps): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const userOnly = { access: 'user' } as const;

  async function customerFrom(
    idToken: string | undefined,
    request: FastifyRequest,
  ): Promise<Customer & { claims: IdTokenClaims }> {
    if (!idToken) throw new Unauthorized(INVALID_TOKEN);
    try {
      const claims = await deps.verifyIdToken(idToken);
      const user = userFromIdToken(claims);
      return { sub: claims.sub, email: user.email, name: user.name, claims };
    } catch (error) {
      request.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'id token rejected');
      throw new Unauthorized(INVALID_TOKEN);
    }
  }

  const bearer = (request: FastifyRequest) => /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];

  /** Audits answer `{ok, error}` (spec §7); an invalid token is a 401 with ok false. */
  const auditFailure = (reply: FastifyReply, error: unknown) => {
    if (error instanceof Unauthorized) return reply.status(401).send({ ok: false, error: error.message } satisfies AuditReply);
    throw error;
  };
  const failure = (reply: FastifyReply, error: unknown) => {
    if (error instanceof Unauthorized) return reply.status(401).send({ error: error.message });
    throw error;
  };

  api.post(
    '/api/audit-login',
    { config: userOnly, schema: { body: AuditLoginRequestSchema, response: { 200: AuditReplySchema, 401: AuditReplySchema } } },
    async (request, reply) => {
      try {
        const customer = await customerFrom(request.body.idToken, request);
        // The token's identities claim is the truth; the browser's tag only says what it saw.
        const provider = loginProvider(customer.claims);
        await recordAudit(deps.db, request, {
          eventType: ACCOUNT_EVENTS.login,
          actor: customer.sub,
          subject: customer.email,
          details: { provider, ...(provider !== request.body.provider ? { reportedProvider: request.body.provider } : {}) },
        });
        return { ok: true };
      } catch (error) {
        return auditFailure(reply, error);
      }
    },
  );

  api.post(
    '/api/audit-profile',
    { config: userOnly, schema: { body: AuditProfileRequestSchema, response: { 200: AuditReplySchema, 401: AuditReplySchema } } },
    async (request, reply) => {
      try {
        const customer = await customerFrom(request.body.idToken, request);
        await recordAudit(deps.db, request, {
          eventType: ACCOUNT_EVENTS.profile,
          actor: customer.sub,
          subject: customer.email,
          details: { changes: request.body.changes },
        });
        return { ok: true };
      } catch (error) {
        return auditFailure(reply, error);
      }
    },
  );

  api.post(
    '/api/referrals',
    { config: userOnly, schema: { body: ReferralRequestSchema, response: { 201: OkReplySchema, 401: ErrorReplySchema } } },
    async (request, reply) => {
      try {
        const customer = await customerFrom(request.body.idToken, request);
        await storeReferral(deps.db, customer, request.body.referral);
        return reply.status(201).send({ ok: true });
      } catch (error) {
        return failure(reply, error);
      }
    },
  );

  api.post(
    '/api/signup-leads',
    {
      config: userOnly,
      schema: { body: SignUpLeadRequestSchema, response: { 200: OkReplySchema, 201: OkReplySchema, 401: ErrorReplySchema } },
    },
    async (request, reply) => {
      try {
        const customer = await customerFrom(request.body.idToken, request);
        const created = await storeSignUpLead(deps.db, customer, request.body.source);
        return reply.status(created ? 201 : 200).send({ ok: true });
      } catch (error) {
        return failure(reply, error);
      }
    },
  );

  api.post(
    '/api/partner/sso',
    {
      config: userOnly,
      schema: {
        body: PartnerSsoRequestSchema,
        response: { 200: PartnerSsoReplySchema, 401: ErrorReplySchema, 503: ErrorReplySchema },
      },
    },
    async (request, reply) => {
      try {
        const customer = await customerFrom(request.body.idToken, request);
        if (!deps.config.partnerSso) return reply.status(503).send({ error: PARTNER_PLATFORM_NOT_CONFIGURED });
        return { url: await partnerSsoUrl(deps.config.partnerSso, deps.publicUrl, customer) };
      } catch (error) {
        return failure(reply, error);
      }
    },
  );

  api.get(
    '/api/account/preferences',
    { config: userOnly, schema: { response: { 200: PreferencesSchema, 401: ErrorReplySchema } } },
    async (request, reply) => {
      try {
        const customer = await customerFrom(bearer(request), request);
        return await readPreferences(deps.db, customer.sub);
      } catch (error) {
        return failure(reply, error);
      }
    },
  );

  api.put(
    '/api/account/preferences',
    { config: userOnly, schema: { body: PreferencesSchema, response: { 200: PreferencesSchema, 401: ErrorReplySchema } } },
    async (request, reply) => {
      try {
        const customer = await customerFrom(bearer(request), request);
        await writePreferences(deps.db, customer, request.body.marketingEmails);
        return await readPreferences(deps.db, customer.sub);
      } catch (error) {
        return failure(reply, error);
      }
    },
  );

  api.get(
    '/api/account/sign-ins',
    { config: userOnly, schema: { response: { 200: RecentSignInsReplySchema, 401: ErrorReplySchema } } },
    async (request, reply) => {
      try {
        const customer = await customerFrom(bearer(request), request);
        return { signIns: await recentSignIns(deps.db, customer.sub) };
      } catch (error) {
        return failure(reply, error);
      }
    },
  );

  api.delete(
    '/api/account',
    { config: userOnly, schema: { response: { 200: OkReplySchema, 401: ErrorReplySchema } } },
    async (request, reply) => {
      try {
        const customer = await customerFrom(bearer(request), request);
        await forgetCustomer(deps.db, customer.sub);
        await recordAudit(deps.db, request, { eventType: 'customer.account.delete', actor: customer.sub, subject: null });
        return { ok: true as const };
      } catch (error) {
        return failure(reply, error);
      }
    },
  );
}
