/** The identity service's own message when there is one, else the spec's fallback (§8). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}
