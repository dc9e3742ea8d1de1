import { randomInt } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore } from '../../server/http/rate-limit/store.ts';
import { createSendQuota, DEFAULT_MAIL_QUOTA } from '../../server/mail/send-quota.ts';
import { PASSWORD, startIdentityServer, type IdentityTestServer } from '../server/identity/support.ts';
import { captureLog } from '../support/log-capture.ts';
import { REDIS_URL, redisAvailable, requireInCi } from '../support/redis.ts';
import { startInstancesOnPostgres, startTestServer, type Instances, type TestServer } from '../support/test-server.ts';
import { cognitoFrom } from './support.ts';

/**
 * The site as a bulk mailer: every operation that mails an address it was given counts
 * against quotas per client address, per recipient and per recipient domain, and a global
 * hourly budget; over one, Cognito's LimitExceededException and no mail.
 */
const LIMIT_EXCEEDED = { __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' };

/** A Cognito operation through the real protocol from `clientAddress`: its status and JSON body. */
async function cognito(server: TestServer, operation: string, input: Record<string, unknown>, clientAddress: string) {
  const response = await cognitoFrom(server, operation, input, clientAddress);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const signUp = (server: TestServer, email: string, clientAddress: string) =>
  cognito(
    server,
    'SignUp',
    { Username: email, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: email }] },
    clientAddress,
  );

const forgotPassword = (server: TestServer, email: string, clientAddress: string) =>
  cognito(server, 'ForgotPassword', { Username: email }, clientAddress);

async function mailsTo(server: TestServer, addresses: readonly string[]): Promise<number> {
  const { count } = await server.app.database.db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('to_address', 'in', addresses)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A documentation-range address no other run of this suite uses this hour (the Redis counters outlive a run). */
const someAddress = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** The identity service behind a proxy on this machine, so each request names its client in X-Forwarded-For. */
const startBehindProxy = (env: Record<string, string> = {}) => startIdentityServer({ TRUST_PROXY: '127.0.0.1', ...env });

describe('mail quotas on the embedded identity service', () => {
  let t: IdentityTestServer;
  beforeAll(async () => {
    t = await startBehindProxy();
  });
  afterAll(() => t.close());

  it('refuses most of 30 sign-ups to 30 strangers from one address within a minute; a customer elsewhere signs up', async () => {
    const strangers = Array.from({ length: 30 }, (_, i) => `stranger${i}@company${i}.example`);
    const answers = await Promise.all(strangers.map((email) => signUp(t.server, email, '203.0.113.7')));
    const refused = answers.filter((answer) => answer.status === 400);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(DEFAULT_MAIL_QUOTA.perClientPerHour);
    expect(refused).toHaveLength(30 - DEFAULT_MAIL_QUOTA.perClientPerHour);
    for (const answer of refused) expect(answer.body).toEqual(LIMIT_EXCEEDED);
    expect(await mailsTo(t.server, strangers)).toBe(DEFAULT_MAIL_QUOTA.perClientPerHour);

    const customer = await signUp(t.server, 'real.customer@example.org', '198.51.100.20');
    expect(customer.status).toBe(200);
    expect(await mailsTo(t.server, ['real.customer@example.org'])).toBe(1);
  });

  it(`holds ${DEFAULT_MAIL_QUOTA.perDomainPerHour} mails an hour to one domain, from however many addresses`, async () => {
    const staff = Array.from({ length: DEFAULT_MAIL_QUOTA.perDomainPerHour + 5 }, (_, i) => `employee${i}@victim.example`);
    const answers = [];
    for (const [i, email] of staff.entries()) answers.push(await signUp(t.server, email, `192.0.2.${i + 1}`));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(DEFAULT_MAIL_QUOTA.perDomainPerHour);
    expect(answers.slice(DEFAULT_MAIL_QUOTA.perDomainPerHour).map((answer) => answer.body)).toEqual(
      Array(5).fill(LIMIT_EXCEEDED),
    );
    expect(await mailsTo(t.server, staff)).toBe(DEFAULT_MAIL_QUOTA.perDomainPerHour);
  });

  it('opens the quotas again after the hour', async () => {
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await signUp(t.server, 'after.an.hour@company0.example', '203.0.113.7')).status).toBe(200);
  });
});

describe('a domain whose quota strangers spent with sign-ups', () => {
  const domainQuota = 5;
  let t: IdentityTestServer;
  beforeAll(async () => {
    t = await startBehindProxy({ MAIL_QUOTA_PER_DOMAIN_PER_HOUR: String(domainQuota) });
  });
  afterAll(() => t.close());

  it("still mails a confirmed customer's reset code, and answers a name that is no account alike, mailing nothing", async () => {
    const customer = 'customer@mail.example';
    await t.createUser(customer);
    // Throwaway sign-ups from several addresses, until one is refused: the domain's quota is spent.
    const throwaways = [];
    for (let i = 0; i <= domainQuota; i++)
      throwaways.push(await signUp(t.server, `throwaway${i}@mail.example`, `192.0.2.${i + 1}`));
    expect(throwaways.at(-1)?.body).toEqual(LIMIT_EXCEEDED);

    const reset = await forgotPassword(t.server, customer, '198.51.100.30');
    expect(reset).toEqual({
      status: 200,
      body: { CodeDeliveryDetails: { Destination: 'c***@m***', DeliveryMedium: 'EMAIL', AttributeName: 'email' } },
    });
    const mail = await t.server.app.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'template_params'])
      .where('to_address', '=', customer)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.kind).toBe('password-reset-code');
    expect(mail.template_params.code).toMatch(/^\d{6}$/);

    // The same answer for an address at that domain that is no account: the quota tells nobody who exists.
    expect(await forgotPassword(t.server, 'cxstomer@mail.example', '198.51.100.31')).toEqual(reset);
    expect(await mailsTo(t.server, ['cxstomer@mail.example'])).toBe(0);
  });
});

describe('one inbox under many spellings, each a new sign-up', () => {
  const domainQuota = 20;
  let t: IdentityTestServer;
  beforeAll(async () => {
    t = await startBehindProxy({ MAIL_QUOTA_PER_DOMAIN_PER_HOUR: String(domainQuota) });
  });
  afterAll(() => t.close());

  it('gets no more mail an hour than its domain may, however many addresses ask', async () => {
    // victim+1@, victim+2@ ... all reach victim@: past the recipient's quota each is paced, and
    // each is a new account with no code yet, so the pace alone would mail every one of them.
    const spellings = Array.from({ length: 60 }, (_, i) => `victim+${i}@inbox.example`);
    const answers = [];
    for (const [i, email] of spellings.entries()) answers.push(await signUp(t.server, email, `192.0.2.${i + 1}`));
    expect(await mailsTo(t.server, spellings)).toBeLessThanOrEqual(domainQuota);
    expect(answers.at(-1)?.body).toEqual(LIMIT_EXCEEDED);
  });
});

describe('the global hourly mail budget', () => {
  it('refuses mail past the budget and says so in the log', async () => {
    const log = captureLog();
    const server = await startTestServer({
      env: { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn', MAIL_QUOTA_GLOBAL_PER_HOUR: '3' },
      logStream: log.stream,
    });
    try {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await signUp(server, `person${i}@domain${i}.example`, `192.0.2.${i + 1}`));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 400, 400]);
      expect(answers[3]?.body).toEqual(LIMIT_EXCEEDED);
      const warnings = log.lines().filter((line) => String(line.msg).startsWith('outbound mail budget for this hour reached'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, budgetPerHour: 3 });
    } finally {
      await server.close();
    }
  });
});

describe('the quota mechanism', () => {
  it(`allows ${DEFAULT_MAIL_QUOTA.perRecipientPerHour} mails an hour to one recipient, whatever its case, from any address, then paces them`, async () => {
    const quota = createSendQuota(createMemoryRateLimitStore(), DEFAULT_MAIL_QUOTA, pino({ level: 'silent' }));
    const now = Date.now();
    const admitted = [];
    for (let i = 0; i < DEFAULT_MAIL_QUOTA.perRecipientPerHour + 2; i++) {
      admitted.push(
        await quota.admit(
          { to: i % 2 ? 'Victim@Example.com' : 'victim@example.com', clientAddress: `192.0.2.${i}`, toProvenAddress: false },
          now,
        ),
      );
    }
    expect(admitted.filter((admission) => admission === 'mail')).toHaveLength(DEFAULT_MAIL_QUOTA.perRecipientPerHour);
    // Paced, not refused: whoever spent the address's quota, its owner may be the one asking now.
    expect(admitted.slice(-2)).toEqual(['paced', 'paced']);
    expect(await quota.admit({ to: 'someone.else@example.com', clientAddress: '192.0.2.1', toProvenAddress: false }, now)).toBe(
      'mail',
    );
  });

  it('counts the spellings of one mailbox as one recipient (+tags, a trailing dot), and of one domain as one domain', async () => {
    const quota = createSendQuota(createMemoryRateLimitStore(), DEFAULT_MAIL_QUOTA, pino({ level: 'silent' }));
    const now = Date.now();
    const spellings = ['victim+1@example.com', 'Victim+news@Example.com.', 'victim@example.com.', 'victim@example.com'];
    const admitted = [];
    for (let i = 0; i < DEFAULT_MAIL_QUOTA.perRecipientPerHour + 2; i++) {
      const to = spellings[i % spellings.length] as string;
      admitted.push(await quota.admit({ to, clientAddress: `192.0.2.${i}`, toProvenAddress: false }, now));
    }
    // Every spelling reaches the same inbox: one recipient's quota, then paced.
    expect(admitted.filter((admission) => admission === 'mail')).toHaveLength(DEFAULT_MAIL_QUOTA.perRecipientPerHour);
    expect(admitted.slice(-2)).toEqual(['paced', 'paced']);

    const domains = createSendQuota(createMemoryRateLimitStore(), DEFAULT_MAIL_QUOTA, pino({ level: 'silent' }));
    for (let i = 0; i < DEFAULT_MAIL_QUOTA.perDomainPerHour; i++) {
      const to = `stranger${i}@victim.example${i % 2 ? '.' : ''}`;
      expect(await domains.admit({ to, clientAddress: `198.51.100.${i % 250}`, toProvenAddress: false }, now)).toBe('mail');
    }
    expect(await domains.admit({ to: 'someone@victim.example', clientAddress: '203.0.113.9', toProvenAddress: false }, now)).toBe(
      'refused',
    );
  });

  it('counts the dotted spellings of one Gmail inbox as one recipient (Gmail ignores dots; googlemail.com is gmail.com)', async () => {
    const quota = createSendQuota(createMemoryRateLimitStore(), DEFAULT_MAIL_QUOTA, pino({ level: 'silent' }));
    const now = Date.now();
    const spellings = [
      'v.ictim@gmail.com',
      'vi.ctim@gmail.com',
      'v.i.c.t.i.m+x@Gmail.com',
      'victim@googlemail.com',
      'vic.tim@gmail.com.',
    ];
    const admitted = [];
    for (let i = 0; i < DEFAULT_MAIL_QUOTA.perRecipientPerHour + 2; i++) {
      const to = spellings[i % spellings.length] as string;
      admitted.push(await quota.admit({ to, clientAddress: `192.0.2.${i}`, toProvenAddress: false }, now));
    }
    expect(admitted.filter((admission) => admission === 'mail')).toHaveLength(DEFAULT_MAIL_QUOTA.perRecipientPerHour);
    expect(admitted.slice(-2)).toEqual(['paced', 'paced']);
    // Elsewhere a dot is part of the address: first.last@ and firstlast@ are two people.
    expect(await quota.admit({ to: 'vi.ctim@example.com', clientAddress: '192.0.2.200', toProvenAddress: false }, now)).toBe(
      'mail',
    );
  });

  it(`counts an IPv6 client's whole /64 as one client address: ${DEFAULT_MAIL_QUOTA.perClientPerHour} mails an hour, however it rotates`, async () => {
    const quota = createSendQuota(createMemoryRateLimitStore(), DEFAULT_MAIL_QUOTA, pino({ level: 'silent' }));
    const now = Date.now();
    const admitted = [];
    for (let i = 1; i <= DEFAULT_MAIL_QUOTA.perClientPerHour + 2; i++) {
      admitted.push(
        await quota.admit(
          { to: `stranger${i}@company${i}.example`, clientAddress: `2001:db8:5:6::${i.toString(16)}`, toProvenAddress: false },
          now,
        ),
      );
    }
    expect(admitted.filter((admission) => admission === 'mail')).toHaveLength(DEFAULT_MAIL_QUOTA.perClientPerHour);
    expect(admitted.slice(-2)).toEqual(['refused', 'refused']);
    // The neighbouring /64 is another subscriber.
    expect(
      await quota.admit({ to: 'someone@elsewhere.example', clientAddress: '2001:db8:5:7::1', toProvenAddress: false }, now),
    ).toBe('mail');
  });
});

/** Sign-ups from one client address alternated between `servers`: its quota holds once for them all. */
async function expectOneClientQuota(servers: readonly Pick<TestServer, 'url'>[]): Promise<void> {
  const client = someAddress();
  const answers = [];
  for (let i = 0; i < 16; i++) {
    const server = servers[i % servers.length] as TestServer;
    answers.push(await signUp(server, `spread${i}-${client}@company${i}.example`, client));
  }
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(DEFAULT_MAIL_QUOTA.perClientPerHour);
  expect(answers.slice(DEFAULT_MAIL_QUOTA.perClientPerHour).map((answer) => answer.body)).toEqual(
    Array(16 - DEFAULT_MAIL_QUOTA.perClientPerHour).fill(LIMIT_EXCEEDED),
  );
  expect((await signUp(servers[1] as TestServer, `customer-${client}@example.org`, someAddress())).status).toBe(200);
}

const twoInstanceEnv = {
  TRUST_PROXY: '127.0.0.1',
  MAIL_QUOTA_GLOBAL_PER_HOUR: '1000000',
  MAIL_QUOTA_PER_DOMAIN_PER_HOUR: '1000000',
};

const withRedis = await redisAvailable();
requireInCi(withRedis, 'Redis');
describe.runIf(withRedis)('mail quotas across two instances on one Redis', () => {
  let servers: TestServer[] = [];
  beforeAll(async () => {
    const env = { ...twoInstanceEnv, REDIS_URL };
    servers = await Promise.all([startTestServer({ env }), startTestServer({ env })]);
  });
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it('counts one client address once, whichever instance it reaches', () => expectOneClientQuota(servers));
});

describe.runIf(process.env.TEST_DATABASE_URL)('mail quotas across two instances on one PostgreSQL without Redis', () => {
  let instances: Instances | undefined;
  beforeAll(async () => {
    instances = await startInstancesOnPostgres(2, twoInstanceEnv);
  });
  afterAll(() => instances?.close());

  it('counts one client address once, whichever instance it reaches', () =>
    expectOneClientQuota(instances?.origins.map((url) => ({ url })) ?? []));
});
