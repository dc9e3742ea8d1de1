import { ConfigError, loadConfig } from '../../server/config/config.ts';

/** The problems loadConfig reports for `env`, as the start prints them; none when it loads. */
export function configProblems(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}
