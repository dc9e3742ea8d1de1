import { redactUrl } from '../http/redact-url.ts';

/** A scheme and its slashes, or a mistyped version of them (redis//, postgresql+asyncpg://). */
const SCHEME_AND_SLASHES = /^[A-Za-z][\w+.-]*:?\/\//;

/**
 * `value` in double quotes, as a problem shows what it got, with everything after the first
 * ":" of a URL's userinfo (user:password@host) replaced by ***, and the value of a secret query
 * parameter (`?password=`, which libpq and the Redis clients take) by [REDACTED], as the access
 * log hides it. Start-up problems are printed and end up in logs, and the value is often a URL
 * with a password in it; the rules work on the text, so a value too mistyped to parse as a URL
 * (redis//:password@host) is covered too.
 */
export function quote(value: string): string {
  // The last "@": a password may hold an unescaped one, a host never does.
  const at = value.lastIndexOf('@');
  const userinfoStart = SCHEME_AND_SLASHES.exec(value.slice(0, Math.max(at, 0)))?.[0].length ?? 0;
  const colon = value.indexOf(':', userinfoStart);
  return `"${redactUrl(colon !== -1 && colon < at ? `${value.slice(0, colon + 1)}***${value.slice(at)}` : value)}"`;
}

/**
 * Reads environment variables and collects every problem instead of stopping at the first,
 * so an operator sees the whole list of what to fix in one start-up.
 */
export class EnvReader {
  readonly problems: string[] = [];

  constructor(private readonly env: Readonly<Record<string, string | undefined>>) {}

  /** The trimmed value, or undefined when the variable is unset or blank. */
  optional(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }

  string(name: string, fallback: string): string {
    return this.optional(name) ?? fallback;
  }

  integer(name: string, fallback: number, range: { min: number; max: number }): number {
    const raw = this.optional(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < range.min || value > range.max) {
      this.problems.push(`${name} must be a whole number from ${range.min} to ${range.max} (got ${quote(raw)})`);
      return fallback;
    }
    return value;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.optional(name);
    if (raw === undefined) return fallback;
    const match = allowed.find((candidate) => candidate === raw);
    if (match === undefined) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got ${quote(raw)})`);
      return fallback;
    }
    return match;
  }

  /** A URL whose scheme is one of `protocols` (given without the colon). */
  url(name: string, protocols: readonly string[]): URL | undefined {
    const raw = this.optional(name);
    if (raw === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      this.problems.push(`${name} must be a URL (got ${quote(raw)})`);
      return undefined;
    }
    if (!protocols.includes(parsed.protocol.slice(0, -1))) {
      this.problems.push(`${name} must start with ${protocols.map((p) => `${p}://`).join(' or ')} (got ${quote(raw)})`);
      return undefined;
    }
    return parsed;
  }
}
