import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EnvReader } from '../../config/env-reader.ts';

/** StoryChief's API. The base URL is fixed here, never taken from a request or from production configuration. */
export const STORYCHIEF_BASE_URL = 'https://api.storychief.io/1.0';
/** Where StoryChief serves featured images unless STORYCHIEF_IMAGE_ORIGIN says otherwise. */
const STORYCHIEF_IMAGE_ORIGIN = 'https://images.storychief.io';

export interface StoryChiefConfig {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  /** How long an answer from StoryChief is reused; 0 turns the cache off. */
  cacheTtlMs: number;
  /** Added to the pages' img-src so StoryChief's featured images load. */
  imageOrigin: string;
}

export interface BlogConfig {
  /** Set when STORYCHIEF_API_KEY is: posts come from StoryChief instead of the built-in store. */
  storyChief: StoryChiefConfig | undefined;
  /** The built-in store's Markdown posts, imported into the database at start. */
  contentDir: string;
  /** How long the built-in store's answers are reused; 0 turns the cache off. */
  builtInCacheTtlMs: number;
}

/** content/blog, found from this file (importing the config's root would be an import cycle). */
const CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content/blog');

/** Reads the blog section of the configuration (documented in .env.example). */
export function readBlogConfig(read: EnvReader): BlogConfig {
  const apiKey = read.optional('STORYCHIEF_API_KEY');
  const timeoutMs = read.integer('STORYCHIEF_TIMEOUT_MS', 8000, { min: 100, max: 60_000 });
  const cacheTtlMs = read.integer('STORYCHIEF_CACHE_TTL_SECONDS', 60, { min: 0, max: 3600 }) * 1000;
  const imageOrigin = read.url('STORYCHIEF_IMAGE_ORIGIN', ['https'])?.origin ?? STORYCHIEF_IMAGE_ORIGIN;
  return {
    // The base URL is fixed: no setting can point the adapter (and its API key) at another host.
    storyChief: apiKey ? { apiKey, baseUrl: STORYCHIEF_BASE_URL, timeoutMs, cacheTtlMs, imageOrigin } : undefined,
    contentDir: CONTENT_DIR,
    builtInCacheTtlMs: read.integer('BLOG_CACHE_TTL_SECONDS', 5, { min: 0, max: 3600 }) * 1000,
  };
}

/** The origins the site's pages load blog images from: StoryChief's image CDN when it is the source. */
export function blogContentSources(config: BlogConfig): { img: string[] } {
  return { img: config.storyChief ? [config.storyChief.imageOrigin] : [] };
}
