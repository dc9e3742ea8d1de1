import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  HOSTED_LEAD_NO_DETAIL,
  LIST_PAGE,
  type LeadsExportQuery,
  type UsersExportQuery,
} from '../../../src-shared/domain/admin-lists.ts';
import { csvFileName, csvRecord, CSV_NEWLINE, leadCsvCells, userCsvCells } from '../../../src-shared/domain/admin-csv.ts';
import { ADMIN } from '../../../src-shared/domain/constants.ts';
import {
  exportLeads,
  exportUsers,
  leadDetail,
  leadsChart,
  listLeads,
  listUsers,
} from '../../../src-shared/domain/endpoints/admin.ts';
import type { Schema } from '../../db/schema.ts';
import { routeOf } from '../../http/contract-route.ts';
import { recordAudit } from '../audit/record.ts';
import { chartOf, chartSpan } from './lead-chart.ts';
import { allLeads, type CsvBatch, type LeadsFilter, type LeadsSource } from './leads-source.ts';
import { InvalidListQuery, pagePosition } from '../../db/list-query.ts';
import { isDatabaseBusy } from '../../db/timeouts.ts';
import { type UserDirectory, type UsersFilter } from './user-directory.ts';

export interface ListRouteDeps {
  db: Kysely<Schema>;
  leads: LeadsSource;
  users: UserDirectory | undefined;
  usersUnavailable: string;
  sendIdentityFailure(reply: FastifyReply, log: FastifyBaseLogger, error: unknown, fallback: string): FastifyReply;
}

const adminOnly = { access: 'admin' } as const;

/**
 * The operator's lists, paged, searched and filtered where the rows are (the database, or
 * the identity service), and their CSV exports streamed a batch at a time.
 */
export function registerAdminListRoutes(scope: FastifyInstance, deps: ListRouteDeps): void {
  const { db } = deps;
  const routes = scope.withTypeProvider<TypeBoxTypeProvider>();

  routes.route({
    ...routeOf(listLeads),
    config: adminOnly,
    handler: async (request, reply) => {
      try {
        const filter = leadsFilter(request.query);
        const page = await deps.leads.page({
          ...filter,
          limit: request.query.limit ?? LIST_PAGE.default,
          ...(request.query.cursor === undefined ? {} : { cursor: request.query.cursor }),
          withTotal: request.query.cursor === undefined,
        });
        return {
          success: true,
          leads: page.items,
          ...pagePosition(page),
        };
      } catch (error) {
        if (forErrorPolicy(error)) throw error;
        request.log.error({ err: error }, 'reading leads failed');
        return reply.status(502).send({ success: false, error: 'Failed to fetch leads' });
      }
    },
  });

  routes.route({
    ...routeOf(leadsChart),
    config: adminOnly,
    handler: async (request, reply) => {
      try {
        const span = chartSpan(leadsFilter(request.query));
        return { success: true, chart: chartOf(span, await deps.leads.chart(span)) };
      } catch (error) {
        if (forErrorPolicy(error)) throw error;
        request.log.error({ err: error }, 'counting leads for the chart failed');
        return reply.status(502).send({ success: false, error: 'Failed to count leads for the chart' });
      }
    },
  });

  routes.route({
    ...routeOf(leadDetail),
    config: adminOnly,
    handler: async (request, reply) => {
      if (!deps.leads.detail) return reply.status(404).send({ success: false, error: HOSTED_LEAD_NO_DETAIL });
      const detail = await deps.leads.detail(request.params.id);
      if (!detail) return reply.status(404).send({ success: false, error: 'No lead with this id in this database' });
      return { success: true, detail };
    },
  });

  routes.route({
    ...routeOf(exportLeads),
    config: adminOnly,
    handler: async (request, reply) => {
      const filter = leadsFilter(request.query);
      return streamCsv(request, reply, {
        dataset: 'leads',
        header: ADMIN.leadCsvColumns,
        batches: deps.leads.csv ? deps.leads.csv(filter) : csvBatches(allLeads(deps.leads, filter), leadCsvCells),
        search: request.query,
        failure: 'Failed to fetch leads',
      });
    },
  });

  routes.route({
    ...routeOf(listUsers),
    config: adminOnly,
    handler: async (request, reply) => {
      if (!deps.users) return reply.status(503).send({ success: false, error: deps.usersUnavailable });
      try {
        const page = await deps.users.page({
          ...usersFilter(request.query),
          limit: request.query.limit ?? LIST_PAGE.default,
          ...(request.query.cursor === undefined ? {} : { cursor: request.query.cursor }),
          withTotal: request.query.cursor === undefined,
          withGroups: true,
        });
        return {
          success: true,
          users: page.items.map(({ Groups: _groups, ...user }) => user),
          // Absent when the pool cannot read them in one go (AWS): the screen asks for its rows'.
          ...(page.items.every((user) => user.Groups) ? { userGroups: page.items.map((user) => user.Groups ?? []) } : {}),
          ...pagePosition(page),
        };
      } catch (error) {
        if (forErrorPolicy(error)) throw error;
        return deps.sendIdentityFailure(reply, request.log, error, 'Failed to fetch users');
      }
    },
  });

  routes.route({
    ...routeOf(exportUsers),
    config: adminOnly,
    handler: async (request, reply) => {
      const directory = deps.users;
      if (!directory) return reply.status(503).send({ success: false, error: deps.usersUnavailable });
      const filter = usersFilter(request.query);
      return streamCsv(request, reply, {
        dataset: 'users',
        header: ADMIN.userCsvColumns,
        batches: csvBatches(directory.all(filter), userCsvCells),
        search: request.query,
        failure: 'Failed to fetch users',
        onFailure: (error) => deps.sendIdentityFailure(reply, request.log, error, 'Failed to fetch users'),
      });
    },
  });

  async function streamCsv(
    request: FastifyRequest,
    reply: FastifyReply,
    options: {
      dataset: 'leads' | 'users';
      header: readonly string[];
      batches: AsyncGenerator<CsvBatch>;
      search: LeadsExportQuery | UsersExportQuery;
      failure: string;
      onFailure?: (error: unknown) => FastifyReply;
    },
  ) {
    const { batches } = options;
    // The first batch is read before the answer starts, so a bad query or a failing source
    // is still a clean 4xx/5xx rather than a cut-off file.
    let first: IteratorResult<CsvBatch>;
    try {
      first = await batches.next();
    } catch (error) {
      if (forErrorPolicy(error)) throw error;
      if (options.onFailure) return options.onFailure(error);
      request.log.error({ err: error }, options.failure);
      return reply.status(502).send({ success: false, error: options.failure });
    }
    // Every export is audited, finished or not: an operator (or a stolen token) that drops the
    // connection before the last batch, or a source that fails mid-way, still leaves its row.
    let rowCount = 0;
    let completed = false;
    let audited: Promise<void> | undefined;
    const audit = () =>
      (audited ??= recordAudit(db, request, {
        eventType: 'admin.export',
        actor: 'admin',
        subject: options.dataset,
        details: { rowCount, search: options.search, completed },
      }));
    async function* csv(): AsyncGenerator<string> {
      try {
        yield csvRecord(options.header);
        for (let batch = first; !batch.done; batch = await batches.next()) {
          yield batch.value.text;
          // Counted once the stream has taken the batch and asks for the next: the rows sent.
          rowCount += batch.value.rows;
        }
        completed = true;
      } finally {
        // Before the stream ends, so a finished export's row is there when the file is.
        await audit();
      }
    }
    // One batch at a time: the stream asks for the next only when the socket has taken this
    // one (Readable.from's default buffers 16 batches, which outlive the young generation).
    const body = Readable.from(csv(), { highWaterMark: 1 });
    body.on('error', (error) => request.log.error({ err: error }, `${options.failure} during the export`));
    // A stream closed before it read anything never runs the generator (nor its finally).
    body.on('close', () => {
      audit().catch((error: unknown) => request.log.error({ err: error }, 'recording the export failed'));
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(options.dataset)}"`)
      .send(body);
  }
}

/**
 * A failure the error policy answers, not the list's own 502 for a source that failed: a
 * refused query (400), or a database too busy to answer in time (503, to try again shortly).
 */
function forErrorPolicy(error: unknown): boolean {
  return error instanceof InvalidListQuery || isDatabaseBusy(error);
}

/** Batches of rows as CSV records, each after CSV_NEWLINE. */
async function* csvBatches<T>(batches: AsyncGenerator<T[]>, toCells: (row: T) => string[]): AsyncGenerator<CsvBatch> {
  for await (const batch of batches) {
    yield { text: batch.map((row) => CSV_NEWLINE + csvRecord(toCells(row))).join(''), rows: batch.length };
  }
}

/** `from`/`to` as instants: a bare date is that day's start in UTC; `to` then takes in its whole day. */
function leadsFilter(query: LeadsExportQuery): LeadsFilter {
  const from = query.from === undefined ? undefined : instant(query.from, 'from', false);
  const to = query.to === undefined ? undefined : instant(query.to, 'to', true);
  if (from && to && from.getTime() >= to.getTime()) {
    throw new InvalidListQuery("Invalid query: 'from' must be before 'to'");
  }
  return {
    order: query.order ?? 'desc',
    ...(query.q?.trim() ? { q: query.q.trim() } : {}),
    ...(query.source === undefined ? {} : { source: query.source }),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

function instant(value: string, name: string, endOfDay: boolean): Date {
  const date = new Date(value);
  const bareDate = value.length === 10;
  // JavaScript rolls 2026-02-31 over to March; a real calendar date comes back unchanged.
  if (Number.isNaN(date.getTime()) || (bareDate && date.toISOString().slice(0, 10) !== value)) {
    throw new InvalidListQuery(`Invalid query: '${name}' is not a real date`);
  }
  return bareDate && endOfDay ? new Date(date.getTime() + 24 * 60 * 60 * 1000) : date;
}

function usersFilter(query: UsersExportQuery): UsersFilter {
  return {
    searchBy: query.searchBy ?? 'email',
    ...(query.q?.trim() ? { q: query.q.trim() } : {}),
    ...(query.status === undefined ? {} : { status: query.status }),
  };
}
