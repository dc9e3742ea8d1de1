import { expect, type APIRequestContext } from '@playwright/test';
import { cognitoRequest } from '../../support/cognito-request.ts';

const SERVER = process.env.E2E_BASE_URL ?? '';

/** A customer signed up through the identity service exactly as the web app's SDK does it. */
export async function signUpCustomer(
  request: APIRequestContext,
  email: string,
  name: { given: string; family: string },
): Promise<void> {
  const config = (await (await request.get(`${SERVER}/api/config`)).json()) as { identity?: { clientId?: string } };
  const response = await cognitoRequest(SERVER, 'SignUp', {
    ClientId: config.identity?.clientId ?? 'hireassist-local-client',
    Username: email,
    Password: 'Correct-Horse-9',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'given_name', Value: name.given },
      { Name: 'family_name', Value: name.family },
    ],
  });
  expect(response.status, await response.text()).toBe(200);
}
