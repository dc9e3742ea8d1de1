import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AffiliateApplicationFields } from '../../../src-shared/domain/affiliate.ts';
import { submitAffiliateApplication } from '../../../src-shared/domain/endpoints/public.ts';
import type { Schema } from '../../db/schema.ts';
import { routeOf } from '../../http/contract-route.ts';
import { EvenTiming } from '../../http/even-timing.ts';
import { formRejection } from '../../http/errors.ts';
import { rateLimitPluginOptions } from '../../http/rate-limit/fastify-store.ts';
import type { RateLimitStore } from '../../http/rate-limit/store.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { AFFILIATE_RATE_WINDOW, type AffiliatesConfig } from './config.ts';
import { affiliateApplicationMail } from './notification.ts';
import { storeAffiliateApplication } from './store.ts';

/** `POST /api/affiliates/applications`: validated, rate-limited, stored with its lead and mail. */
export function registerAffiliateRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Schema>; mailer: Mailer; config: AffiliatesConfig; rateLimitStore: RateLimitStore },
): void {
  // A repeat skips the first application's lead and notice mail: it waits as long as they take,
  // so the timing, like the answer, tells nobody whether an address applied this week.
  const timing = new EvenTiming('affiliates.application', deps.db);
  void app.register(async (scope) => {
    // Registered in this scope only, so its hooks cost nothing on other routes. It counts at
    // preHandler, after validation: an application refused for a bad field is not one sent,
    // and an applicant who mistyped their address has not used up their allowance.
    await scope.register(rateLimit, {
      global: false,
      hook: 'preHandler',
      ...rateLimitPluginOptions(deps.rateLimitStore, 'affiliates'),
    });
    // A refused field is named in the answer's `fields` too, so the form shows the problem
    // under that field. Any other error goes on to the app's error policy.
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (!error.validation) throw error;
      return reply.status(400).send(formRejection(error.validation, error.validationContext ?? 'body'));
    });
    scope.withTypeProvider<TypeBoxTypeProvider>().route({
      ...routeOf(submitAffiliateApplication),
      config: { rateLimit: { max: deps.config.ratePerWindow, timeWindow: AFFILIATE_RATE_WINDOW }, access: 'public' },
      handler: async (request, reply) => {
        const body = request.body;
        const application: AffiliateApplicationFields = {
          firstName: body.firstName.trim(),
          lastName: body.lastName.trim(),
          email: body.email.trim(),
          company: body.company?.trim() ?? '',
          website: body.website?.trim() ?? '',
          experience: body.experience ?? '',
          audience: body.audience?.trim() ?? '',
          motivation: body.motivation?.trim() ?? '',
        };
        const started = performance.now();
        const mail = affiliateApplicationMail(application, deps.config.notifyTo);
        const stored = await storeAffiliateApplication(deps.db, deps.mailer, application, mail);
        if (stored.repeat) {
          request.log.info({ applicationId: stored.id }, 'repeat affiliate application: stored, no second notice');
          await timing.padQuicker(started);
        } else timing.noteSlower(started);
        return reply.status(201).send({ success: true });
      },
    });
  });
}
