import { messages, parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

/** Postgres's answer when a table changed shape under a prepared statement's plan. */
const RESULT_TYPE_CHANGED = { code: '0A000', message: 'cached plan must not change result type' };

/** Numbers each cache, so two on one session can never give two statements one name. */
let caches = 0;

interface Statement {
  name: string;
  /** The parameter types Postgres inferred, which choose each value's serializer. */
  parameterTypes: readonly number[];
  /** What the statement's rows look like; absent when it returns none. */
  rowDescription: messages.RowDescriptionMessage | undefined;
  /** When it last ran, by this cache's count of runs: the smallest is closed first. */
  lastUsed: number;
}

/**
 * Named prepared statements on the one PGlite session, one per distinct query text. PGlite's
 * own `query()` parses, describes and plans every statement afresh, in six calls into the
 * WASM backend; a prepared statement is bound and executed in one, and Postgres can keep its
 * plan. Kysely writes the same text for the same query, so the set stays small; it is
 * bounded all the same, the least recently used statement closed when it is full.
 *
 * The caller holds the session (the dialect's single-connection lock), as for `query()`.
 */
export class PreparedStatements {
  readonly #statements = new Map<string, Statement>();
  readonly #prefix = `hireassist_${caches++}_`;
  #nextId = 0;
  #runs = 0;

  constructor(
    private readonly pglite: PGlite,
    readonly capacity = 256,
  ) {}

  /** How many statements are prepared now. */
  get size(): number {
    return this.#statements.size;
  }

  async run<Row>(text: string, parameters: readonly unknown[]): Promise<Results<Row>> {
    try {
      return await this.#execute<Row>(await this.#statement(text), parameters);
    } catch (error) {
      // A migration changed a table a statement reads. Outside a transaction, prepare it
      // again; inside one the transaction has failed already, and its retry prepares afresh.
      if (!isResultTypeChange(error)) throw error;
      await this.#close(text);
      if (this.pglite.isInTransaction()) throw error;
      return this.#execute<Row>(await this.#statement(text), parameters);
    }
  }

  async #statement(text: string): Promise<Statement> {
    const cached = this.#statements.get(text);
    if (cached) {
      // Marked, not moved: this runs for every query, and closing the oldest is rare.
      cached.lastUsed = ++this.#runs;
      return cached;
    }
    const name = `${this.#prefix}${this.#nextId++}`;
    const replies = await this.pglite.execProtocolStream(
      batch(
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ),
      { syncToFs: false },
    );
    const parameterDescription = replies.find((reply) => reply instanceof messages.ParameterDescriptionMessage);
    const statement: Statement = {
      name,
      parameterTypes: parameterDescription?.dataTypeIDs ?? [],
      rowDescription: replies.find((reply) => reply instanceof messages.RowDescriptionMessage),
      lastUsed: ++this.#runs,
    };
    this.#statements.set(text, statement);
    const oldest = this.#statements.size > this.capacity ? this.#leastRecentlyUsed() : undefined;
    if (oldest !== undefined) await this.#close(oldest);
    return statement;
  }

  #leastRecentlyUsed(): string | undefined {
    let oldest: [string, Statement] | undefined;
    for (const entry of this.#statements) if (!oldest || entry[1].lastUsed < oldest[1].lastUsed) oldest = entry;
    return oldest?.[0];
  }

  async #execute<Row>(statement: Statement, parameters: readonly unknown[]): Promise<Results<Row>> {
    // Serialized as `query()` serializes them, by the parameter types Postgres inferred.
    const values = parameters.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pglite.serializers[statement.parameterTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const replies = await this.pglite.execProtocolStream(
      batch(
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ),
    );
    // The rows' description came with the statement; each execution sends only the rows.
    const described = statement.rowDescription ? [statement.rowDescription, ...replies] : replies;
    const [result] = parse.parseResults(described, this.pglite.parsers) as Results<Row>[];
    if (!result) throw new Error('PGlite returned no result for a prepared statement');
    return result;
  }

  async #close(text: string): Promise<void> {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    await this.pglite.execProtocolStream(
      batch(protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()),
      { syncToFs: false, throwOnError: false },
    );
  }
}

function batch(...parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

function isResultTypeChange(error: unknown): boolean {
  return (
    error instanceof messages.DatabaseError &&
    error.code === RESULT_TYPE_CHANGED.code &&
    error.message === RESULT_TYPE_CHANGED.message
  );
}
