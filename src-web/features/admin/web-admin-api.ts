import { createFetchAdminApi } from '../../../src-shared/api/admin/client.ts';
import { webAdminTokenStore } from './web-platform.ts';

/** The web app's admin client: same origin, token in the browser's token store. */
export const webAdminApi = createFetchAdminApi({ baseUrl: '', tokenStore: webAdminTokenStore });
