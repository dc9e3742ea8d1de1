import { describe, expect, it } from 'vitest';
import { loginPagePolicy } from '../../../server/identity/oauth2/login-page.ts';

describe("the sign-in page's content security policy", () => {
  it('lets the form lead back only to the allowed return addresses: web origins once each, an app scheme as a scheme', () => {
    const policy = loginPagePolicy(['https://app.example/callback', 'https://app.example/', 'myapp://signed-in']);
    const formAction = policy.split('; ').find((directive) => directive.startsWith('form-action'));
    expect(formAction).toBe("form-action 'self' https://app.example myapp:");
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
