import { Type } from 'typebox';
import {
  BLOG_POST_INCLUDES,
  BLOG_SLUG_MAX_LENGTH,
  BLOG_SLUG_PATTERN,
  BLOG_STATUS_FILTERS,
} from '../../../src-shared/domain/blog-post.ts';

/** Largest page a list request may ask for (StoryChief's own limit). */
export const MAX_PER_PAGE = 100;
/** Page size when a request names none. */
export const DEFAULT_PER_PAGE = 10;

export const ListQuerySchema = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE }),
  status: Type.Enum(BLOG_STATUS_FILTERS, { default: 'published' }),
});

export const PostParamsSchema = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,9}$' }) });

export const PostQuerySchema = Type.Object({
  'includes[]': Type.Optional(Type.Array(Type.Enum(BLOG_POST_INCLUDES))),
});

export const SlugParamsSchema = Type.Object({
  slug: Type.String({ pattern: BLOG_SLUG_PATTERN, maxLength: BLOG_SLUG_MAX_LENGTH }),
});
