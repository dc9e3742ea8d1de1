import { Type } from 'typebox';
import { AffiliateApplicationReplySchema, AffiliateApplicationRequestSchema } from '../affiliate.ts';
import { ContactRejectionSchema, ContactReplySchema, ContactRequestSchema } from '../contact.ts';
import type { HealthStatus, PublicConfig } from '../public-config.ts';
import { endpoint, ErrorBodySchema } from './endpoint.ts';

/** The public site's endpoints: open to everyone, rate-limited where they store something. */

/**
 * The public runtime configuration, fetched once per page load. Sent by the fast lane as
 * fixed bytes, so its answer is a type here, not a schema the server serialises with.
 */
export const getPublicConfig = endpoint({
  method: 'GET',
  path: '/api/config',
  response: { 200: Type.Unsafe<PublicConfig>({}) },
});

/** The load balancer's probe (only the server and its tests call it); 503 while the database does not answer. */
export const getHealth = endpoint({
  method: 'GET',
  path: '/api/health',
  response: { 200: Type.Unsafe<HealthStatus>({}), 503: Type.Unsafe<HealthStatus>({}) },
});

/** The contact form: 201 once stored; 400 names what is wrong with each field; 429 with Retry-After. */
export const sendContactMessage = endpoint({
  method: 'POST',
  path: '/api/contact',
  body: ContactRequestSchema,
  response: { 201: ContactReplySchema, 400: ContactRejectionSchema },
});

export const submitAffiliateApplication = endpoint({
  method: 'POST',
  path: '/api/affiliates/applications',
  body: AffiliateApplicationRequestSchema,
  // 400: `fields` names what is wrong with each refused field.
  response: { 201: AffiliateApplicationReplySchema, 400: ErrorBodySchema },
});
