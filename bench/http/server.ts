/**
 * The real server for bench/http, run in a process of its own: the app exactly as
 * `server/index.ts` builds it from the environment, with as many leads as its first argument
 * says seeded in SQL before it
 * listens (the embedded database belongs to one process, so the seeding happens here).
 * Tells its parent the port over IPC.
 */
import { sql } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config/config.ts';

const leads = Number(process.argv[2] ?? 0);
const app = await buildApp(loadConfig());
await sql`insert into leads (name, email, source, created_at)
  select 'Lead ' || g, 'lead' || g || '@example.com', case when g % 3 = 0 then 'hero_cta' else 'contact' end,
    now() - (g || ' minutes')::interval
  from generate_series(1, ${leads}) g`.execute(app.database.db);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
