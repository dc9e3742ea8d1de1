import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { CONTACT_HONEYPOT_FIELD, type ContactRejection, type ContactReply } from '../../../src-shared/domain/contact.ts';
import { sendContactMessage } from '../../../src-shared/domain/endpoints/public.ts';
import type { Schema } from '../../db/schema.ts';
import { routeOf } from '../../http/contract-route.ts';
import { formRejection } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ContactConfig } from './config.ts';
import type { RateLimitStore } from '../../http/rate-limit/store.ts';
import { contactRateLimitOptions } from './rate-limit.ts';
import { storeContactMessage } from './store.ts';
import { validateEveryField } from './validator.ts';

export interface ContactDeps {
  db: Kysely<Schema>;
  mailer: Mailer;
  config: ContactConfig;
  /** Who is told about each new message. */
  notifyTo: string;
  /** Where the per-IP counters live (shared by every instance). */
  rateLimitStore: RateLimitStore;
}

const ACCEPTED: ContactReply = { ok: true };

/**
 * `POST /api/contact`: the contact form. Rate-limited per IP on the messages that pass
 * validation (the limiter lives in this route's own scope, so no other route pays for it),
 * with a honeypot for bots. Answers 201
 * only once the message, its lead and the notification mail are stored together, and the same
 * 201 to the same message sent again (a retry whose first answer was lost: stored once, store.ts).
 */
export function registerContactRoutes(app: FastifyInstance, deps: ContactDeps): void {
  void app.register(async (scope) => {
    await scope.register(rateLimit, contactRateLimitOptions(deps.config, deps.rateLimitStore));
    scope.withTypeProvider<TypeBoxTypeProvider>().route({
      ...routeOf(sendContactMessage),
      // The limits themselves are the plugin's options (contactRateLimitOptions); this turns them on here.
      config: { rateLimit: {}, access: 'public' },
      validatorCompiler: validateEveryField,
      attachValidation: true,
      // Blank is empty: "   " as a name must fail like "" does, and stored values carry no stray spaces.
      preValidation: async (request) => {
        request.body = trimStrings(request.body) as typeof request.body;
      },
      handler: async (request, reply) => {
        if (honeypotFilled(request.body)) {
          request.log.info('contact form honeypot filled: answered as a success, nothing stored');
          return reply.status(201).send(ACCEPTED);
        }
        if (request.validationError) {
          const { validation, validationContext } = request.validationError;
          const body: ContactRejection = formRejection(validation, validationContext ?? 'body');
          return reply.status(400).send(body);
        }
        const { name, email, subject = '', message } = request.body;
        const stored = await storeContactMessage(deps, { name, email, subject, message });
        if (stored.resent) request.log.info({ contactMessageId: stored.messageId }, 'contact message sent again: stored once');
        else request.log.info({ contactMessageId: stored.messageId, mailId: stored.mailId }, 'contact message stored');
        return reply.status(201).send(ACCEPTED);
      },
    });
  });
}

function trimStrings(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]));
}

function honeypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value: unknown = (body as Record<string, unknown>)[CONTACT_HONEYPOT_FIELD];
  return typeof value === 'string' && value !== '';
}
