import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../http/errors.ts';
import { BLOG_IMAGE_PATH } from './content-importer.ts';

interface BlogImage {
  body: Buffer;
  etag: string;
  type: string;
}

/** The built-in store's featured images (content/blog/images) by file name, read once at start. */
export type BlogImages = ReadonlyMap<string, BlogImage>;

const IMAGE_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.webp': 'image/webp' };

/**
 * Images at most this large are written into the blog pages' first paint as data URLs (as
 * Vite inlines small assets): the largest image on screen then paints with the HTML instead
 * of a round trip later.
 */
const INLINE_MAX_BYTES = 4096;

export function loadBlogImages(dir: string, log: FastifyBaseLogger): BlogImages {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => /^[a-z0-9-]+\.(svg|webp)$/.test(name));
  } catch {
    log.warn({ dir }, 'no blog images folder');
  }
  return new Map(
    names.map((name) => {
      const body = readFileSync(path.join(dir, name));
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      return [name, { body, etag, type: IMAGE_TYPES[path.extname(name)] ?? 'application/octet-stream' }];
    }),
  );
}

/**
 * A small built-in image's src as a data URL; any other src (StoryChief's CDN, larger files)
 * as it is. SVG goes in as URL-encoded text rather than base64: the page is compressed, and
 * base64 hides the text's repetitions from the compressor (the list page's gzipped HTML is
 * 4 % smaller this way).
 */
export function inlinedImageSrc(images: BlogImages, src: string): string {
  if (!src.startsWith(`${BLOG_IMAGE_PATH}/`)) return src;
  const image = images.get(src.slice(BLOG_IMAGE_PATH.length + 1));
  if (!image || image.body.length > INLINE_MAX_BYTES) return src;
  if (image.type.startsWith('image/svg+xml')) return `data:${image.type},${encodeURIComponent(image.body.toString('utf8'))}`;
  return `data:${image.type};base64,${image.body.toString('base64')}`;
}

/** Serves the images with a long cache. */
export function registerBlogImages(app: FastifyInstance, images: BlogImages): void {
  app.get(`${BLOG_IMAGE_PATH}/:name`, { config: { access: 'public' } }, (request, reply) => {
    const image = images.get((request.params as { name: string }).name);
    if (!image) return reply.status(404).send({ error: 'Image not found' } satisfies ErrorBody);
    reply
      .type(image.type)
      .header('etag', image.etag)
      .header('cache-control', 'public, max-age=86400')
      // An SVG opened on its own is a document: it gets no script and no plugin.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
    return reply.send(image.body);
  });
}
