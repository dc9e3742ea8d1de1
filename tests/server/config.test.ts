import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PROJECT_ROOT } from '../../server/config/config.ts';
import { configProblems } from '../support/config-problems.ts';
import { startTestServer } from '../support/test-server.ts';

describe('configuration from the environment', () => {
  it('has working defaults for a newcomer', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('localhost');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secure).toBe(false);
    expect(config.database).toEqual({ url: undefined, dataDir: path.join(PROJECT_ROOT, 'data'), statementTimeoutMs: 15_000 });
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/hireassist',
      DATABASE_URL: 'postgres://app@db.internal:5432/hireassist',
      DATABASE_STATEMENT_TIMEOUT_MS: '5000',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://hireassist.example/',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      logLevel: 'warn',
      publicUrl: 'https://hireassist.example',
      secure: true,
      database: { url: 'postgres://app@db.internal:5432/hireassist', dataDir: '/var/lib/hireassist', statementTimeoutMs: 5000 },
    });
  });

  it('lists every problem at once, naming the variable and the bad value', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'https://hireassist.example/app' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe('PORT must be a whole number from 0 to 65535 (got "eighty")');
    expect(problems[1]).toBe('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")');
    expect(problems[2]).toBe('DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://x")');
    expect(problems[3]).toContain('PUBLIC_URL must be an origin');
    expect((caught as ConfigError).message).toContain('The configuration has 4 problem(s)');
  });

  it('refuses at start a sign-in return address that is not absolute or carries a fragment, naming each', () => {
    let caught: unknown;
    try {
      loadConfig({ IDENTITY_ALLOWED_REDIRECT_URIS: 'https://app.example/cb, app.example/callback, https://app.example/#done' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      'IDENTITY_ALLOWED_REDIRECT_URIS must list absolute URLs such as https://app.example/callback (got "app.example/callback")',
      'IDENTITY_ALLOWED_REDIRECT_URIS must list URLs without a #fragment (got "https://app.example/#done")',
    ]);
    // A mobile app's own scheme is a return address too, as Cognito's callback URLs allow.
    expect(loadConfig({ IDENTITY_ALLOWED_REDIRECT_URIS: 'myapp://signed-in' }).identity.allowedRedirectUris).toEqual([
      'myapp://signed-in',
    ]);
  });

  it('quotes a mistyped URL with its password hidden, so what start-up prints shows no secret', () => {
    let caught: unknown;
    try {
      loadConfig({
        DATABASE_URL: 'postgresql+asyncpg://hire:S3cretDbPass@db.internal/hireassist',
        REDIS_URL: 'redis//:R3disSecret@cache.internal',
        PUBLIC_URL: 'https://ops:PubS3cret@hireassist.example/app',
        SMTP_URL: 'smtp+starttls://mailer:Sm7pSecret@smtp.internal',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    // Scheme, user and host stay: enough to see the mistake.
    expect((caught as ConfigError).problems).toEqual([
      'DATABASE_URL must start with postgres:// or postgresql:// (got "postgresql+asyncpg://hire:***@db.internal/hireassist")',
      'REDIS_URL must be a URL (got "redis//:***@cache.internal")',
      'PUBLIC_URL must be an origin such as https://hireassist.example, without a path (got "https://ops:***@hireassist.example/app")',
      'SMTP_URL must start with smtp:// or smtps:// (got "smtp+starttls://mailer:***@smtp.internal")',
    ]);
    expect((caught as ConfigError).message).not.toMatch(/S3cretDbPass|R3disSecret|PubS3cret|Sm7pSecret/);
  });

  it('hides a password given as a query parameter too, as libpq and Redis clients take it (printed whole before)', () => {
    let caught: unknown;
    try {
      loadConfig({
        DATABASE_URL: 'postgresql+asyncpg://db.internal/hireassist?user=hire&password=S3cretDbPass&sslmode=require',
        REDIS_URL: 'redis//cache.internal:6379?password=R3disSecret',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      'DATABASE_URL must start with postgres:// or postgresql:// (got "postgresql+asyncpg://db.internal/hireassist?user=hire&password=[REDACTED]&sslmode=require")',
      'REDIS_URL must be a URL (got "redis//cache.internal:6379?password=[REDACTED]")',
    ]);
    expect((caught as ConfigError).message).not.toMatch(/S3cretDbPass|R3disSecret/);
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '  ', DATABASE_URL: '' }).port).toBe(3000);
  });
});

describe('an AWS Cognito pool', () => {
  const pool = { COGNITO_USER_POOL_ID: 'eu-west-1_AbCdEf123', COGNITO_CLIENT_ID: 'client' };
  const keys = { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE000000000', AWS_SECRET_ACCESS_KEY: 'secret' };

  it('is refused at start without the keys its admin calls are signed with, the only credentials they use', () => {
    expect(configProblems(pool)).toEqual([
      'Admin calls to AWS Cognito need AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: they use no other credential source, such as an instance role',
    ]);
    // Half a pair is reported as such, once.
    expect(configProblems({ ...pool, AWS_ACCESS_KEY_ID: keys.AWS_ACCESS_KEY_ID })).toEqual([
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together',
    ]);
    expect(configProblems({ ...pool, ...keys })).toEqual([]);
  });

  it("takes its region from the pool id (region_id) when COGNITO_REGION is unset, so the browser and the tokens' issuer use the pool's own", () => {
    expect(loadConfig({ ...pool, ...keys }).identity.region).toBe('eu-west-1');
    expect(loadConfig({ ...pool, ...keys, COGNITO_REGION: 'eu-west-1' }).identity.region).toBe('eu-west-1');
  });

  it('is refused at start with a COGNITO_REGION the pool id contradicts, or a pool id that is not region_id', () => {
    expect(configProblems({ ...pool, ...keys, COGNITO_REGION: 'us-east-1' })).toEqual([
      'COGNITO_REGION must be the region COGNITO_USER_POOL_ID starts with, eu-west-1, or unset (got "us-east-1")',
    ]);
    expect(configProblems({ ...pool, ...keys, COGNITO_USER_POOL_ID: 'AbCdEf123' })).toEqual([
      'COGNITO_USER_POOL_ID must look like eu-west-1_AbCdEf123, the region, an underscore and the id (got "AbCdEf123")',
    ]);
  });

  it('is refused at start with COGNITO_HOSTED_DOMAIN but no pool, which the embedded service ignored (no social sign-in went there)', () => {
    expect(configProblems({ COGNITO_HOSTED_DOMAIN: 'https://auth.hireassist.example' })).toEqual([
      'COGNITO_HOSTED_DOMAIN is the hosted UI of an AWS Cognito pool: set COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID too, or unset it for the embedded service',
    ]);
    // Half a pool is reported once, as such.
    expect(
      configProblems({
        COGNITO_HOSTED_DOMAIN: 'https://auth.hireassist.example',
        COGNITO_USER_POOL_ID: pool.COGNITO_USER_POOL_ID,
      }),
    ).toEqual(['COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID must be set together (or neither, for the embedded service)']);
    expect(configProblems({ ...pool, ...keys, COGNITO_HOSTED_DOMAIN: 'https://auth.hireassist.example' })).toEqual([]);
  });

  it('is refused at start with an AWS pool and Google or Microsoft keys, which only the embedded service reads (the pool has its own)', () => {
    const google = { GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret' };
    expect(configProblems({ ...pool, ...keys, ...google })).toEqual([
      "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are read by the embedded identity service only: with an AWS pool, add Google to the pool's identity providers in AWS and unset them",
    ]);
    expect(
      configProblems({ ...pool, ...keys, AZUREAD_CLIENT_ID: 'azure-client', AZUREAD_CLIENT_SECRET: 'azure-secret' }),
    ).toEqual([
      "AZUREAD_CLIENT_ID and AZUREAD_CLIENT_SECRET are read by the embedded identity service only: with an AWS pool, add AzureAD to the pool's identity providers in AWS and unset them",
    ]);
    expect(configProblems(google)).toEqual([]);
  });

  it('leaves the embedded pool as it was: us-east-1_local in us-east-1, or the COGNITO_REGION given', () => {
    expect(loadConfig({}).identity).toMatchObject({ mode: 'embedded', userPoolId: 'us-east-1_local', region: 'us-east-1' });
    expect(loadConfig({ COGNITO_REGION: 'eu-west-1' }).identity.region).toBe('eu-west-1');
  });
});

describe('the client address behind a proxy', () => {
  it('believes no X-Forwarded-For unless TRUST_PROXY says whose: a hop count or addresses/CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      'fd00::/8',
    ]);
  });

  it('refuses TRUST_PROXY=true at start, naming TRUST_PROXY and what to write instead', () => {
    for (const value of ['true', 'TRUE']) {
      const caught = (() => {
        try {
          loadConfig({ TRUST_PROXY: value });
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(caught).toBeInstanceOf(ConfigError);
      const [problem] = (caught as ConfigError).problems;
      expect(problem).toMatch(/^TRUST_PROXY=true /);
      expect(problem).toContain('TRUST_PROXY=1');
      expect(problem).toContain('TRUST_PROXY=10.0.0.0/8');
    }
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', () => {
    for (const value of ['yes', '10.0.0.0/33', 'proxy.internal', '99']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY must be/);
    }
  });

  it.each([
    [{}, '203.0.113.66, 198.51.100.9', '127.0.0.1'],
    [{ TRUST_PROXY: '1' }, '203.0.113.66, 198.51.100.9', '198.51.100.9'],
    [{ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }, '203.0.113.66, 198.51.100.9, 10.0.0.5', '198.51.100.9'],
  ])(
    'with %j a request forwarded for "%s" comes from %s (the spoofed left part is ignored)',
    async (env, forwarded, expected) => {
      const server = await startTestServer({
        env,
        configure(app) {
          app.get('/api/test/client-address', { config: { access: 'public' } }, async (request) => ({ ip: request.ip }));
        },
      });
      try {
        const response = await server.fetch('/api/test/client-address', { headers: { 'x-forwarded-for': forwarded } });
        expect(await response.json()).toEqual({ ip: expected });
      } finally {
        await server.close();
      }
    },
  );
});

describe('a Supabase project for the leads', () => {
  const key = { SUPABASE_SERVICE_ROLE_KEY: 'service-role-key' };

  it('is refused at start with its REST path in SUPABASE_URL, which supabase-js adds itself (every read would go to …/rest/v1/rest/v1 and fail)', () => {
    for (const url of ['https://abcd.supabase.co/rest/v1', 'https://abcd.supabase.co/rest/v1/']) {
      expect(configProblems({ SUPABASE_URL: url, ...key })).toEqual([
        "SUPABASE_URL is the project's own address (such as https://abcd.supabase.co), without /rest/v1: supabase-js adds it",
      ]);
    }
    expect(configProblems({ SUPABASE_URL: 'https://abcd.supabase.co', ...key })).toEqual([]);
    // A self-hosted gateway under a path of its own stays possible.
    expect(configProblems({ SUPABASE_URL: 'https://data.hireassist.example/supabase', ...key })).toEqual([]);
  });
});

describe('where affiliate applications are sent', () => {
  it('is refused at start unless AFFILIATES_NOTIFY_TO is one plain address, which the delivery worker would otherwise never send to', () => {
    for (const value of [
      'team@hireassist.example,boss@hireassist.example',
      'Team <team@hireassist.example>',
      'team;x@hireassist.example',
    ]) {
      expect(configProblems({ AFFILIATES_NOTIFY_TO: value })).toEqual([
        `AFFILIATES_NOTIFY_TO must be one email address (got "${value}")`,
      ]);
    }
    expect(configProblems({ AFFILIATES_NOTIFY_TO: 'team@hireassist.example' })).toEqual([]);
  });
});
