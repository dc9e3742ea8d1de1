import { randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostList } from '../../src-shared/domain/blog-post.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import { contactSubmission } from './support/contact.ts';
import {
  startServerProcess,
  temporaryPostgresDatabase,
  TEST_DATABASE_URL,
  type ServerProcess,
} from './support/server-process.ts';
import { adminLogin, adminToken } from '../support/admin-login.ts';
import { cognitoRequest } from '../support/cognito-request.ts';
import { REDIS_URL, redisAvailable, requireInCi } from '../support/redis.ts';

/**
 * Two servers behind one load balancer, sharing one PostgreSQL and one Redis. Each test
 * speaks as its own client address (X-Forwarded-For from the trusted loopback proxy), so
 * counters left in Redis by other runs cannot touch it.
 */
const servicesReady = TEST_DATABASE_URL !== undefined && (await redisAvailable());
requireInCi(servicesReady, 'PostgreSQL (TEST_DATABASE_URL) and Redis');

describe.runIf(servicesReady)('two instances on one PostgreSQL and one Redis', () => {
  let database: Awaited<ReturnType<typeof temporaryPostgresDatabase>>;
  let first: ServerProcess;
  let second: ServerProcess;
  const clientAddress = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

  beforeAll(async () => {
    database = await temporaryPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      TRUST_PROXY: '127.0.0.1',
      // No ADMIN_PASSWORD: the first start generates one, and only one of the two may.
      ADMIN_PASSWORD: '',
      CONTACT_RATE_LIMIT_MAX: '4',
      IDENTITY_RATE_LIMIT_PER_IP: '6',
    };
    // Both start at the same moment on a database with no tables yet.
    [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    await Promise.all([first?.kill(), second?.kill()]);
    await database?.dispose();
  });

  it('ran each migration once and generated one admin password, though both started together', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const applied = await client.query<{ id: number; runs: string }>(
        'select id, count(*) as runs from schema_migrations group by id',
      );
      expect(applied.rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(migrations.map((m) => m.id).sort((a, b) => a - b));
      expect(applied.rows.every((row) => Number(row.runs) === 1)).toBe(true);
    } finally {
      await client.end();
    }
    const banners = [first, second].filter((server) => server.output().includes('Admin password: '));
    expect(banners).toHaveLength(1);
  });

  it('accepts an admin token issued by one instance on the other, and a logout on one ends it on both', async () => {
    const banner = [first, second].map((server) => /Admin password: (\S+)/.exec(server.output())?.[1]).find(Boolean);
    expect(banner).toBeDefined();
    const login = await adminLogin(first, banner ?? '');
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const validate = (server: ServerProcess) =>
      fetch(`${server.url}/api/admin/auth/validate`, { headers: { authorization: `Bearer ${token}` } });
    expect((await validate(second)).status).toBe(200);
    const logout = await fetch(`${second.url}/api/admin/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(200);
    expect((await validate(first)).status).toBe(401);
  });

  it('shares the contact rate limit: the limit is reached across both instances together', async () => {
    const address = clientAddress();
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const server = n % 2 === 0 ? first : second;
      const reply = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(contactSubmission(`two-instances-${n}-${Date.now()}`)),
      });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('shares the identity service per-address limit across both instances', async () => {
    const address = clientAddress();
    const statuses: string[] = [];
    for (let n = 0; n < 8; n += 1) {
      const server = n % 2 === 0 ? first : second;
      const reply = await cognitoRequest(
        server.url,
        'InitiateAuth',
        { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'nope', AuthParameters: {} },
        { headers: { 'x-forwarded-for': address } },
      );
      statuses.push(reply.headers.get('x-amzn-errortype') ?? String(reply.status));
    }
    expect(statuses.slice(0, 6).some((type) => type.startsWith('TooManyRequests'))).toBe(false);
    expect(statuses.slice(6).every((type) => type.startsWith('TooManyRequestsException'))).toBe(true);
  });

  it('serves a blog page saved through one instance from the other', async () => {
    const password = [first, second].map((server) => /Admin password: (\S+)/.exec(server.output())?.[1]).find(Boolean);
    const token = await adminToken(second, password ?? '');
    const list = (await (await fetch(`${first.url}/api/storychief/stories?per_page=1`)).json()) as BlogPostList;
    const post = list.data[0] as BlogPost;
    const marker = `Saved on the first instance ${Date.now()}`;
    const save = await fetch(`${first.url}/api/save-post-html`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        filename: `${post.slug}.html`,
        html: `<p>${marker}</p>`,
        slug: post.slug,
        title: post.title,
        postData: post,
      }),
    });
    expect(save.status).toBe(200);
    expect(await (await fetch(`${second.url}/api/check-html/${post.slug}`)).json()).toEqual({ exists: true });
    const page = await fetch(`${second.url}/blog/${post.slug}.html`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(marker);
  });
});
