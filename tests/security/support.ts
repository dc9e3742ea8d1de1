import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { BlogPostStatus } from '../../src-shared/domain/blog-post.ts';
import type { Schema } from '../../server/db/schema.ts';
import { ADMIN_PASSWORD, adminToken } from '../server/admin/admin-client.ts';
import { CLIENT_ID, startIdentityServer, type IdentityTestServer } from '../server/identity/support.ts';
import { cognitoRequest } from '../support/cognito-request.ts';
import type { TestServer } from '../support/test-server.ts';

export { ADMIN_PASSWORD, adminToken };

/**
 * The real server with the embedded identity service, a movable identity clock, the real
 * AWS SDK and the admin password the admin helpers log in with.
 */
export function startSecurityServer(env: Record<string, string> = {}): Promise<IdentityTestServer> {
  return startIdentityServer({ ADMIN_PASSWORD, ...env });
}

/**
 * One Cognito operation of the app's client through the raw protocol, as sent from
 * `clientAddress` (the security servers trust X-Forwarded-For from loopback).
 */
export function cognitoFrom(
  server: Pick<TestServer, 'url'>,
  operation: string,
  input: Record<string, unknown>,
  clientAddress: string,
): Promise<Response> {
  return cognitoRequest(
    server.url,
    operation,
    { ClientId: CLIENT_ID, ...input },
    { headers: { 'x-forwarded-for': clientAddress } },
  );
}

/** Keys a refusal may carry: an error and its flags, never the data the route guards. */
const REFUSAL_KEYS = new Set(['error', 'error_description', 'ok', 'success', 'requestId', 'message', '__type', 'fields']);

/** A refused request: JSON, an error message, nothing else. */
export async function expectRefusal(response: Response, statuses: readonly number[], label: string): Promise<void> {
  const text = await response.text();
  expect(statuses, `${label}: status ${response.status} ${text.slice(0, 200)}`).toContain(response.status);
  expect(response.headers.get('content-type') ?? '', `${label}: content type`).toMatch(/json/);
  const body = JSON.parse(text) as Record<string, unknown>;
  const message = body.error ?? body.message;
  expect(typeof message === 'string' && message.length > 0, `${label}: error message in ${text}`).toBe(true);
  expect(
    Object.keys(body).filter((key) => !REFUSAL_KEYS.has(key)),
    `${label}: data in a refusal ${text}`,
  ).toEqual([]);
  expect(body.ok === true || body.success === true, `${label}: refusal says ok`).toBe(false);
}

/** The median of some numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A valid `POST /api/save-post-html` body for `slug` with `html` as the page and the post's content. */
export function savePostHtmlBody(slug: string, html = '<p>Hello</p>') {
  const now = new Date().toISOString();
  return {
    filename: `${slug}.html`,
    html,
    slug,
    title: 'Security test post',
    postData: {
      id: 990_001,
      slug,
      title: 'Security test post',
      excerpt: 'Excerpt',
      content: html,
      seo_keyword: 'security',
      status: 'published' as const,
      published_at: now,
      updated_at: now,
      seo: { title: 'Security test post', description: 'A post saved by the security tests' },
      featured_image: null,
    },
  };
}

/**
 * A post of the built-in blog store with `slug`, as the source lists it: only the page of a
 * post the source has published is served, so a test that saves a page adds its post first.
 * Dated a day back, so a page saved now is newer than the post and is served as saved.
 */
export async function addBlogPost(
  db: Kysely<Schema>,
  slug: string,
  options: { status?: BlogPostStatus; publishedAt?: Date | null; content?: string } = {},
): Promise<void> {
  const dayAgo = new Date(Date.now() - 24 * 3600_000);
  await db
    .insertInto('blog_posts')
    .values({
      slug,
      title: `Post ${slug}`,
      excerpt: 'Excerpt',
      content_html: options.content ?? '<p>Hello</p>',
      seo_keyword: '',
      seo_title: `Post ${slug}`,
      seo_description: 'Description',
      featured_image_url: null,
      featured_image_alt: '',
      featured_image_name: '',
      status: options.status ?? 'published',
      published_at: options.publishedAt === undefined ? dayAgo : options.publishedAt,
      updated_at: dayAgo,
    })
    .execute();
}
