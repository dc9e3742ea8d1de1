/**
 * The identity service's (or our server's) own message when there is one, else the product's
 * fixed fallback. A TypeError is the browser's: a fetch that got no answer ("Failed to fetch").
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && !(error instanceof TypeError) && error.message.trim() !== '' ? error.message : fallback;
}
