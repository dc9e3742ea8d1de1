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
      this.problems.push(`${name} must be a whole number from ${range.min} to ${range.max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.optional(name);
    if (raw === undefined) return fallback;
    const match = allowed.find((candidate) => candidate === raw);
    if (match === undefined) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
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
      this.problems.push(`${name} must be a URL (got "${raw}")`);
      return undefined;
    }
    if (!protocols.includes(parsed.protocol.slice(0, -1))) {
      this.problems.push(`${name} must start with ${protocols.map((p) => `${p}://`).join(' or ')} (got "${raw}")`);
      return undefined;
    }
    return parsed;
  }
}
