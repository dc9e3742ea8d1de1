import { freePort } from '../../support/free-port.ts';
import { asGoogle, startOpenIdStandIn, type OpenIdStandIn, type OpenIdStandInOptions } from '../../support/openid-stand-in.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { WEB_DIST_DIR } from './web-build.ts';

export const E2E_ADMIN_PASSWORD = 'e2e-admin-password-long';

export interface Site {
  server: TestServer;
  /** The server's public URL, which its identity service names as issuer and in its redirects. */
  url: string;
  close(): Promise<void>;
}

/**
 * A server of the spec's own on the web build, with a fresh database the spec can read, at the
 * public URL its settings name. With `google`, a local OpenID provider (oidc-provider) stands
 * in for Google's login page, which cannot be reached from here.
 */
export async function startSite(
  options: {
    /** Settings on top of the site's own; a function of the site's URL where they name it. */
    env?: Record<string, string> | ((url: string) => Record<string, string>);
    google?: OpenIdStandInOptions;
  } = {},
): Promise<Site> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let google: OpenIdStandIn | undefined;
  if (options.google) {
    google = await startOpenIdStandIn(options.google);
    google.accept(`${url}/cognito/oauth2/idpresponse`);
  }
  const env = typeof options.env === 'function' ? options.env(url) : options.env;
  const server = await startTestServer({
    port,
    webDistDir: WEB_DIST_DIR,
    env: {
      PUBLIC_URL: url,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // A spec's journeys all sign up and mail from this one loopback address (as global-setup.ts's).
      MAIL_QUOTA_PER_CLIENT_PER_HOUR: '1000',
      ...(google ? asGoogle(google) : {}),
      ...env,
    },
  }).catch(async (error: unknown) => {
    await google?.close();
    throw error;
  });
  return {
    server,
    url,
    async close() {
      await server.close();
      await google?.close();
    },
  };
}
