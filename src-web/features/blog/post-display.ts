import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';

/** The fixed fallbacks for what a card or post page shows (a post's title: blogPostTitle in the domain). */
const FALLBACK = {
  date: 'Date unavailable',
  excerpt: 'No description available',
} as const;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The date as en-US writes it in full ("November 21, 2026"), in UTC. Written out rather than
 * with Intl, whose first use loads locale data: some 20 ms of the blog pages' start.
 */
export function displayDate(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return FALLBACK.date;
  const date = new Date(time);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

export const displayExcerpt = (post: Pick<BlogPost, 'excerpt'>): string => post.excerpt?.trim() || FALLBACK.excerpt;
