import { createHash, timingSafeEqual } from 'node:crypto';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AccessKeyPair } from './config.ts';
import { CognitoError } from './errors.ts';

/** What AWS allows between the signer's clock and its own. */
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface SignedRequest {
  method: string;
  /** Path and query as received, such as `/cognito/`. */
  url: string;
  /** Lower-case names, as Node gives them. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: string;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([^/\s]+)\/([^/\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

const missingToken = () => new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token');
const badSignature = () =>
  new CognitoError(
    'InvalidSignatureException',
    'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
  );

/**
 * Checks an AWS Signature Version 4 the way AWS does: the key id must be ours, the time
 * within five minutes, and the signature must equal the one recomputed over the same
 * headers and body with our secret. Throws Cognito's exception otherwise.
 */
export async function verifySignature(request: SignedRequest, key: AccessKeyPair, nowMs: number): Promise<void> {
  const authorization = header(request, 'authorization');
  if (authorization === undefined) throw missingToken();
  const match = AUTHORIZATION.exec(authorization);
  if (!match) {
    throw new CognitoError(
      'IncompleteSignatureException',
      `Authorization header requires 'Credential', 'SignedHeaders' and 'Signature' parameters.`,
    );
  }
  const [, accessKeyId, shortDate, region, service, signedHeaderList, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!sameText(accessKeyId, key.accessKeyId)) {
    throw new CognitoError('UnrecognizedClientException', 'The security token included in the request is invalid.');
  }
  const amzDate = header(request, 'x-amz-date');
  const signingDate = amzDate === undefined ? undefined : parseAmzDate(amzDate);
  if (signingDate === undefined || !amzDate?.startsWith(shortDate)) throw badSignature();
  checkSkew(amzDate, signingDate, nowMs);

  const signedHeaders = signedHeaderList.split(';');
  requireSigned(signedHeaders);
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = header(request, name);
    if (value === undefined) throw badSignature();
    headers[name] = value;
  }
  // The signer takes a signed payload hash header on trust; the body must really hash to it.
  const declaredHash = headers['x-amz-content-sha256'];
  if (declaredHash !== undefined && !sameText(declaredHash, createHash('sha256').update(request.body).digest('hex'))) {
    throw badSignature();
  }
  const [path = '/', query = ''] = request.url.split('?', 2);
  const signer = new SignatureV4({ credentials: key, region, service, sha256: Sha256, applyChecksum: false });
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: 'http:',
      hostname: headers.host ?? '',
      path,
      query: Object.fromEntries(new URLSearchParams(query)),
      headers,
      body: request.body,
    },
    { signingDate, signableHeaders: new Set(signedHeaders) },
  );
  const expected = /Signature=([0-9a-f]{64})$/.exec(String(signed.headers.authorization))?.[1] ?? '';
  if (!sameText(expected, signature)) throw badSignature();
}

/**
 * AWS refuses a signature that leaves out the host (it could be replayed against another
 * endpoint) or the operation (it could be replayed as another operation): the same here.
 */
function requireSigned(signedHeaders: readonly string[]): void {
  if (!signedHeaders.includes('host')) {
    throw new CognitoError(
      'IncompleteSignatureException',
      `'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.`,
    );
  }
  if (!signedHeaders.includes('x-amz-target')) {
    throw new CognitoError('IncompleteSignatureException', `'X-Amz-Target' must be a 'SignedHeader' in the AWS Authorization.`);
  }
}

function header(request: SignedRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `20260101T120000Z` → Date. */
function parseAmzDate(value: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

function formatAmzDate(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** AWS's own wording for a request signed too long ago or too far ahead. */
function checkSkew(amzDate: string, signingDate: Date, nowMs: number): void {
  const now = formatAmzDate(nowMs);
  if (signingDate.getTime() < nowMs - MAX_CLOCK_SKEW_MS) {
    throw new CognitoError(
      'InvalidSignatureException',
      `Signature expired: ${amzDate} is now earlier than ${formatAmzDate(nowMs - MAX_CLOCK_SKEW_MS)} (${now} - 5 min.)`,
    );
  }
  if (signingDate.getTime() > nowMs + MAX_CLOCK_SKEW_MS) {
    throw new CognitoError(
      'InvalidSignatureException',
      `Signature not yet current: ${amzDate} is still later than ${formatAmzDate(nowMs + MAX_CLOCK_SKEW_MS)} (${now} + 5 min.)`,
    );
  }
}
