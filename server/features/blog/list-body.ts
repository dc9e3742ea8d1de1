import type { BlogPostList } from '../../../src-shared/domain/blog-post.ts';
import type { PostPage, PostQuery } from './post-source.ts';

/**
 * A list answer in StoryChief's shape (so the web app reads either source alike) for one of the list paths: the API's reply,
 * and the copy the blog pages carry in their HTML (first-paint.ts), so both are the same.
 */
export function listBody(listPath: string, query: PostQuery, { posts, total, searchedNewest }: PostPage): BlogPostList {
  const { page, perPage, status, search, keyword } = query;
  const totalPages = Math.ceil(total / perPage);
  const filters = new URLSearchParams({ ...(search ? { search } : {}), ...(keyword ? { keyword } : {}) }).toString();
  const link = (target: number) =>
    `/api/storychief/${listPath}?page=${target}&per_page=${perPage}&status=${status}${filters ? `&${filters}` : ''}`;
  return {
    data: posts,
    meta: {
      pagination: {
        total,
        count: posts.length,
        per_page: perPage,
        current_page: page,
        total_pages: totalPages,
        links: {
          ...(page > 1 ? { previous: link(Math.min(page - 1, Math.max(totalPages, 1))) } : {}),
          ...(page < totalPages ? { next: link(page + 1) } : {}),
        },
      },
      ...(searchedNewest === undefined ? {} : { searched_newest: searchedNewest }),
    },
  };
}
