import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { expect } from '@playwright/test';
import { build } from 'vite';
import { cognitoRequest } from '../../support/cognito-request.ts';
import type { Site } from './site.ts';

/*
 * An app on another origin than the pool, as developers write them for Cognito: the journeys of
 * tests/e2e/identity-clients.spec.ts and amplify-managed-login.spec.ts drive its page in Chromium.
 */

/** The libraries' browser builds, as an app would serve them. */
const LIBRARIES = {
  '/oidc-client-ts.js': 'node_modules/oidc-client-ts/dist/browser/oidc-client-ts.min.js',
  '/amazon-cognito-identity.js': 'node_modules/amazon-cognito-identity-js/dist/amazon-cognito-identity.min.js',
};

/** An Amplify app has no prebuilt browser file: support/amplify-app.ts built as an app's bundler would. */
async function amplifyBundle(): Promise<string> {
  const built = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      lib: {
        entry: path.resolve('tests/e2e/support/amplify-app.ts'),
        formats: ['iife'],
        name: 'AmplifyApp',
        fileName: 'amplify',
      },
    },
  });
  const [output] = (Array.isArray(built) ? built : [built]) as { output: { code?: string }[] }[];
  return output?.output[0]?.code ?? '';
}

/** The other origin's app: one page (at / and /callback) and the libraries. */
export async function startForeignApp(port: number): Promise<Server> {
  const libraries = new Map<string, string | Buffer>(
    await Promise.all(Object.entries(LIBRARIES).map(async ([url, file]) => [url, await readFile(path.resolve(file))] as const)),
  );
  libraries.set('/amplify.js', await amplifyBundle());
  const scripts = [...libraries.keys()].map((url) => `<script src="${url}"></script>`).join('');
  const page = `<!doctype html><title>Another app</title>${scripts}<h1>Another app</h1>`;
  const server = createServer((request, response) => {
    const library = libraries.get(request.url ?? '');
    if (library !== undefined) return response.writeHead(200, { 'content-type': 'text/javascript' }).end(library);
    return response.writeHead(200, { 'content-type': 'text/html' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** A confirmed pool user, signed up and confirmed through the pool's API with the mailed code. */
export async function poolUser(site: Site, email: string, password: string): Promise<void> {
  const call = async (target: string, body: Record<string, unknown>) => {
    const response = await cognitoRequest(site.url, target, { ClientId: 'hireassist-local-client', ...body });
    expect(response.status, await response.clone().text()).toBe(200);
  };
  await call('SignUp', { Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] });
  const mail = await site.server.app.database.db
    .selectFrom('mail_outbox')
    .select('template_params')
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await call('ConfirmSignUp', { Username: email, ConfirmationCode: mail.template_params.code });
}
