import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { MailOutboxTable, Schema } from '../db/schema.ts';
import { isPlainAddress } from './mailer.ts';
import type { MailTransport } from './transports.ts';

/** The outbox's last_error for a mail whose recipient is not one plain address. */
export const NOT_ONE_ADDRESS = 'not sent: the recipient is not one plain email address';

/** What a sent mail that carried a code or password keeps as its text. */
const SECRET_REMOVED = '(removed once sent: it carried a code or password)';

export interface DeliveryOptions {
  /** How often the worker looks for due mail. */
  pollIntervalMs: number;
  /** Sends tried per mail before it is marked failed. */
  maxAttempts: number;
  /** Wait before the second try; each later wait is four times the one before. */
  firstRetryDelayMs: number;
  /** Mails sent at most per round (each claimed just before it is sent). */
  batchSize: number;
  /**
   * How long a claimed mail may stay 'sending'. A row still 'sending' after that was being
   * sent by a server that died mid-send; it is marked failed rather than retried, because
   * the peer may already have it and a mail must never go out twice.
   */
  claimTimeoutMs: number;
}

const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  pollIntervalMs: 2000,
  maxAttempts: 5,
  firstRetryDelayMs: 30_000,
  batchSize: 10,
  claimTimeoutMs: 10 * 60_000,
};

export interface DeliveryWorker {
  start(): void;
  /** Lets the round in progress finish, then stops polling. */
  stop(): Promise<void>;
  /** One round: claims the due mails and sends them. Returns how many were sent. */
  runOnce(): Promise<number>;
}

/**
 * A claimed row, with the end of its claim as PostgreSQL wrote it: microseconds that a JS Date
 * would round away, and that tell this claim from a later one on the same mail.
 */
type ClaimedRow = Selectable<MailOutboxTable> & { claimed_until: string };

/** Wait before try number `attempt + 1`: firstRetryDelayMs, then ×4 each time. */
function retryDelayMs(options: Pick<DeliveryOptions, 'firstRetryDelayMs'>, attempt: number): number {
  return options.firstRetryDelayMs * 4 ** Math.max(0, attempt - 1);
}

/**
 * Sends queued mail from the outbox. Each round claims due rows one at a time (queued →
 * sending) with `for update skip locked`, so several server instances never claim the same
 * row, and marks each sent, queued again for a later try, or failed after the last try.
 * Stopping claims no more: the mails not yet claimed wait in the outbox for another
 * instance, or the next start, to send.
 */
export function createDeliveryWorker(deps: {
  db: Kysely<Schema>;
  transport: MailTransport;
  log: FastifyBaseLogger;
  options?: Partial<DeliveryOptions>;
}): DeliveryWorker {
  const options = { ...DEFAULT_DELIVERY_OPTIONS, ...deps.options };
  const { db, transport, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  /** Set by `stop`: the round in progress claims no further mail. */
  let stopping = false;

  async function failAbandonedClaims(): Promise<void> {
    const abandoned = await db
      .updateTable('mail_outbox')
      .set({ status: 'failed', last_error: 'interrupted while sending; not retried so that it is never sent twice' })
      .where('status', '=', 'sending')
      .where('next_attempt_at', '<', sql<Date>`now()`)
      .returning('id')
      .execute();
    for (const { id } of abandoned) log.error({ mailId: id }, 'mail delivery was interrupted mid-send; marked failed');
  }

  /**
   * Claims the next due mail (queued → sending), or undefined when none is due. One mail at a
   * time, just before it is sent: a mail claimed ahead of its turn would be marked failed,
   * never sent, if the server died (or the database faltered) while sending another.
   */
  async function claimNext(): Promise<ClaimedRow | undefined> {
    // While a row is 'sending', next_attempt_at holds the end of the claim (see claimTimeoutMs).
    const result = await sql<ClaimedRow>`
      update mail_outbox
         set status = 'sending',
             attempts = attempts + 1,
             next_attempt_at = now() + make_interval(secs => ${options.claimTimeoutMs / 1000})
       where id = (select id from mail_outbox
                    where status = 'queued' and next_attempt_at <= now()
                    order by next_attempt_at, id
                    limit 1
                    for update skip locked)
      returning *, next_attempt_at::text as claimed_until`.execute(db);
    return result.rows[0];
  }

  /**
   * The row while this worker's claim on it holds, for recording a mail not sent. A server that
   * stalled past its claim may find the mail marked failed, retried by an operator and claimed
   * by another server: its failure must then change nothing, or a 'queued' written over that
   * claim has the mail sent once more.
   */
  const stillClaimed = (row: ClaimedRow) =>
    db
      .updateTable('mail_outbox')
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .where('next_attempt_at', '=', sql<Date>`${row.claimed_until}::timestamptz`);

  async function deliver(row: ClaimedRow): Promise<boolean> {
    // An address a mail header would read as a display name, a list or a group (an account
    // named `x,victim@corp.com` or `Ann<victim@corp.com>`) would go to someone other than the
    // address the mail was queued and counted for: it is not sent at all.
    if (!isPlainAddress(row.to_address)) {
      await stillClaimed(row).set({ status: 'failed', last_error: NOT_ONE_ADDRESS }).execute();
      log.warn({ mailId: row.id, kind: row.kind }, 'mail not sent: its recipient is not one plain email address');
      return false;
    }
    try {
      await transport.send({
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        templateParams: row.template_params,
        replyTo: row.reply_to,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const lastTry = row.attempts >= options.maxAttempts;
      await stillClaimed(row)
        .set(
          lastTry
            ? { status: 'failed', last_error: message }
            : {
                status: 'queued',
                last_error: message,
                next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryDelayMs(options, row.attempts) / 1000})`,
              },
        )
        .execute();
      log.warn(
        { mailId: row.id, kind: row.kind, attempt: row.attempts, transport: transport.name, err: message },
        lastTry ? 'mail delivery failed for the last time; marked failed' : 'mail delivery failed; will retry',
      );
      return false;
    }
    // A sent mail is never sent again, so a code or temporary password it carried has no use
    // here any more: the identity service keeps codes hashed, and so the outbox keeps none.
    const forgetSecret = row.contains_secret ? { text_body: SECRET_REMOVED, template_params: JSON.stringify({}) } : {};
    // Recorded whatever became of the claim meanwhile: a mail that went out must read 'sent', or
    // a Retry of it (failed as abandoned, say) would send it again.
    await db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null, ...forgetSecret })
      .where('id', '=', row.id)
      .execute();
    log.info({ mailId: row.id, kind: row.kind, to: row.to_address, transport: transport.name }, 'mail sent');
    return true;
  }

  async function round(): Promise<number> {
    await failAbandonedClaims();
    let sent = 0;
    for (let n = 0; n < options.batchSize && !stopping; n += 1) {
      const row = await claimNext();
      if (row === undefined) break;
      if (await deliver(row)) sent += 1;
    }
    return sent;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = worker.runOnce().catch((error: unknown) => {
        // A database hiccup must not stop delivery for good: log it and try next round.
        log.error({ err: error }, 'mail delivery round failed');
        return 0;
      });
      void running.finally(schedule);
    }, options.pollIntervalMs);
  }

  const worker: DeliveryWorker = {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      log.info({ transport: transport.name }, 'mail delivery started');
      schedule();
    },
    async stop() {
      stopped = true;
      stopping = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
    runOnce() {
      const current = (running ?? Promise.resolve(0)).then(round, round);
      running = current;
      return current;
    },
  };
  return worker;
}
