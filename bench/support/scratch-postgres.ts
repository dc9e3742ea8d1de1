import { temporaryPostgresDatabase } from '../../tests/reliability/support/server-process.ts';

/**
 * Runs `measure` against a database of its own on BENCH_DATABASE_URL's PostgreSQL server (the
 * machine's by default), dropped afterwards. A failure is printed, not thrown, so a bench's
 * PGlite part still runs on a machine without PostgreSQL.
 */
export async function onScratchPostgres(measure: (url: string) => Promise<void>): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let database: Awaited<ReturnType<typeof temporaryPostgresDatabase>> | undefined;
  try {
    database = await temporaryPostgresDatabase(serverUrl);
    await measure(database.url);
  } catch (error) {
    console.error(`PostgreSQL part failed or skipped: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await database?.dispose().catch(() => undefined);
  }
}
