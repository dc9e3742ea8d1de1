import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../support/test-server.ts';

/**
 * `server/db/schema.ts` is written by hand beside `server/db/migrations/`: it says more than
 * the database can (the values a status takes, what a JSON column holds, which columns an
 * insert may leave out, why a column exists), so it is not generated. This test keeps the
 * two from drifting: it migrates a fresh database and compares every table and column with
 * what the `Schema` interface declares, read from the file by the TypeScript checker (no
 * second list to keep up to date). A column is compared by name, nullability and type family.
 */

type Family = 'text' | 'number' | 'boolean' | 'date' | 'json';

/** `family`, or `family | null` for a nullable column: one string per column keeps the diff readable. */
type Tables = Record<string, Record<string, string>>;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCHEMA_FILE = path.join(ROOT, 'server/db/schema.ts');

/** The PostgreSQL types the migrations use, by the family node-postgres and PGlite answer them as. */
const PG_FAMILIES: Record<string, Family> = {
  text: 'text',
  'character varying': 'text',
  character: 'text',
  uuid: 'text',
  inet: 'text',
  // int8 and numeric arrive as strings (they can exceed a JS number), so they are text here.
  bigint: 'text',
  numeric: 'text',
  smallint: 'number',
  integer: 'number',
  real: 'number',
  'double precision': 'number',
  boolean: 'boolean',
  'timestamp with time zone': 'date',
  'timestamp without time zone': 'date',
  date: 'date',
  json: 'json',
  jsonb: 'json',
  ARRAY: 'json',
};

interface Declared {
  tables: Tables;
  /** `table.column` for each column an insert may leave out (Generated, or an insert type with undefined). */
  omittable: string[];
}

/** The tables and columns `Schema` declares, each column's select type reduced to its family. */
function declaredSchema(): Declared {
  const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  // No ambient types: schema.ts needs none, and loading @types/node would only slow the test.
  const program = ts.createProgram([SCHEMA_FILE], { ...options, noEmit: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE);
  const schema = source?.statements.find(
    (statement): statement is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(statement) && statement.name.text === 'Schema',
  );
  if (schema === undefined) throw new Error('server/db/schema.ts declares no `Schema` interface');

  const tables: Tables = {};
  const omittable: string[] = [];
  for (const table of checker.getTypeAtLocation(schema.name).getProperties()) {
    const columns: Record<string, string> = {};
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      const type = checker.getTypeOfSymbol(column);
      // Kysely's ColumnType (and Generated, JSONColumnType) carry the select and insert types
      // as phantom properties; a plain type is both.
      const select = type.getProperty('__select__');
      const insert = type.getProperty('__insert__');
      columns[column.name] = describeType(
        checker,
        select ? checker.getTypeOfSymbol(select) : type,
        `${table.name}.${column.name}`,
      );
      if (insert && includesUndefined(checker.getTypeOfSymbol(insert))) omittable.push(`${table.name}.${column.name}`);
    }
    tables[table.name] = columns;
  }
  return { tables, omittable };
}

const partsOf = (type: ts.Type) => (type.isUnion() ? type.types : [type]);

const includesUndefined = (type: ts.Type) => partsOf(type).some((part) => (part.flags & ts.TypeFlags.Undefined) !== 0);

function describeType(checker: ts.TypeChecker, type: ts.Type, where: string): string {
  const parts = partsOf(type);
  const nullable = parts.some((part) => (part.flags & ts.TypeFlags.Null) !== 0);
  const families = new Set(parts.filter((part) => (part.flags & ts.TypeFlags.Null) === 0).map((part) => familyOf(part)));
  if (families.size !== 1) throw new Error(`${where}: ${checker.typeToString(type)} is not one type family`);
  const [family] = families;
  return nullable ? `${family} | null` : `${family}`;
}

function familyOf(type: ts.Type): Family {
  const flags = type.flags;
  if (flags & (ts.TypeFlags.StringLike | ts.TypeFlags.TemplateLiteral)) return 'text';
  if (flags & ts.TypeFlags.NumberLike) return 'number';
  if (flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (type.getSymbol()?.name === 'Date') return 'date';
  // Objects, records and arrays are what a JSON column holds.
  return 'json';
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
}

/** The tables and columns a freshly migrated database has (the migrator's own table aside). */
async function migratedSchema(postgres: boolean): Promise<{ tables: Tables; defaulted: string[] }> {
  const database = await openTestDatabase({ postgres });
  try {
    // current_schema(): on PostgreSQL each test run has a schema of its own, first in the search path.
    const { rows } = await sql<ColumnRow>`
      select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.table_name <> 'schema_migrations'
      order by c.table_name, c.ordinal_position`.execute(database.db);
    const tables: Tables = {};
    const defaulted: string[] = [];
    for (const row of rows) {
      const family = PG_FAMILIES[row.data_type] ?? `unmapped PostgreSQL type ${row.data_type}`;
      (tables[row.table_name] ??= {})[row.column_name] = row.is_nullable === 'YES' ? `${family} | null` : family;
      if (row.column_default !== null || row.is_identity === 'YES' || row.is_nullable === 'YES') {
        defaulted.push(`${row.table_name}.${row.column_name}`);
      }
    }
    return { tables, defaulted };
  } finally {
    await database.dispose();
  }
}

/** Objects compared with sorted keys, so the diff shows what is missing rather than what moved. */
const sorted = (tables: Tables): Tables =>
  Object.fromEntries(
    Object.keys(tables)
      .sort()
      .map((table) => [table, Object.fromEntries(Object.entries(tables[table] ?? {}).sort(([a], [b]) => a.localeCompare(b)))]),
  );

describe.each([
  ['PGlite', false, true],
  ['PostgreSQL', true, Boolean(process.env.TEST_DATABASE_URL)],
])('server/db/schema.ts against the migrations on %s', (_name, postgres, available) => {
  it.skipIf(!available)(
    'declares every table and column the migrations create, with their nullability and type',
    async () => {
      const declared = declaredSchema();
      const migrated = await migratedSchema(postgres);
      // Soft: both checks report, so one run shows every difference. Received is schema.ts.
      expect.soft(sorted(declared.tables), 'schema.ts against the migrated database').toEqual(sorted(migrated.tables));
      // A column the types let an insert leave out must have a default (or take null) in the database.
      const withoutDefault = declared.omittable.filter((column) => !migrated.defaulted.includes(column));
      expect.soft(withoutDefault, 'columns schema.ts lets an insert omit, without a default').toEqual([]);
    },
    // Migrating a fresh database and type-checking schema.ts take a while on a busy machine.
    120_000,
  );
});
