/**
 * The client a token or revocation request names: `client_secret_basic` (the Authorization
 * header, RFC 6749 2.3.1: form-encoded id and secret) or `client_id` in the body (`none`,
 * `client_secret_post`). Our app client is public and has no secret, so a client presenting
 * one is refused (undefined) rather than believed; the empty secret that libraries send for
 * a public client under client_secret_basic is accepted. Undefined too when the header and
 * the body disagree or the header cannot be read.
 */
export function clientCredentials(
  authorization: string | undefined,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
): { clientId: string } | undefined {
  if (body.client_secret !== undefined && body.client_secret !== '') return undefined;
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '')?.[1];
  if (basic === undefined) return body.client_id === undefined ? undefined : { clientId: body.client_id };
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    const clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
    const secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    if (secret !== '' || (body.client_id !== undefined && body.client_id !== clientId)) return undefined;
    return { clientId };
  } catch {
    return undefined;
  }
}
