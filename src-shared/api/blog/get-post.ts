import { BLOG_POST_INCLUDES, BLOG_POST_PATHS, type BlogPost } from '../../domain/blog-post.ts';
import { requestJson, type BlogHttp } from './http.ts';

const INCLUDES = BLOG_POST_INCLUDES.map((include) => `includes[]=${include}`).join('&');

/** The post in a single-post answer: its `data`, or the object itself when it has an id. */
function postOf(body: unknown): BlogPost | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  if ('data' in body && typeof body.data === 'object' && body.data !== null && 'id' in body.data) return body.data as BlogPost;
  return 'id' in body ? (body as BlogPost) : undefined;
}

/** A post by id, trying the four single-post paths in order (the names StoryChief-style backends answer to). */
export async function getPost(http: BlogHttp, id: number | string): Promise<BlogPost> {
  for (const path of BLOG_POST_PATHS) {
    try {
      const post = postOf(await requestJson(http, `/api/storychief/${path}/${encodeURIComponent(String(id))}?${INCLUDES}`));
      if (post) return post;
    } catch {
      // the next path may have it
    }
  }
  throw new Error(`Post with ID "${id}" not found. Tried all available endpoints.`);
}
