import type { BlogHttp } from '../../../src-shared/api/blog/http.ts';
import { STORAGE_KEYS } from '../../../src-shared/domain/constants.ts';
import { withPreloadedResponses } from '../../components/preloaded-responses.ts';

/** The blog's calls go to the page's own server; the first ones are answered from the page's HTML when it carries them. */
export const blogHttp: BlogHttp = { fetch: withPreloadedResponses((input, init) => fetch(input, init)) };

/** The admin token the admin area stored under 'admin_api_token', if any. */
export function readAdminToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.adminToken);
  } catch {
    return null;
  }
}
