import { webAdminApi } from '../../admin/web-admin-api.ts';
import { webPlatform } from '../../admin/web-platform.ts';
import type { AdminAuth } from './SeoHtmlPanel.tsx';

/** The admin area's token store and login, as the blog's admin tools use them. */
export const webAdminAuth: AdminAuth = {
  readToken: () => webPlatform.tokenStore.read(),
  clearToken: () => webPlatform.tokenStore.clear(),
  async login(password) {
    const outcome = await webAdminApi.login(password);
    return outcome.ok ? null : (outcome.reason !== 'network' && outcome.error) || 'Login failed';
  },
};
