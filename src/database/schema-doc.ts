import { Client } from 'pg';

/** Where `npm run schema:doc` writes, relative to the repository root; a medium test compares it with the migrations. */
export const SCHEMA_DOC_PATH = 'docs/schema.md';

interface ColumnRow {
  table_name: string;
  column_name: string;
  type: string;
  nullable: boolean;
  default_value: string | null;
}

interface ConstraintRow {
  table_name: string;
  name: string;
  definition: string;
}

interface IndexRow {
  table_name: string;
  name: string;
  definition: string;
}

// Our tables only: TypeORM's own bookkeeping (`migrations`) says nothing about the product's data, and a
// partitioned table's partitions (which months exist depends on the day) are its parent's shape again.
const OWN_TABLES = `n.nspname = 'public' AND c.relname <> 'migrations' AND NOT c.relispartition`;

const COLUMNS_SQL = `
  SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type,
         NOT a.attnotnull AS nullable, pg_get_expr(d.adbin, d.adrelid) AS default_value
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
   WHERE c.relkind IN ('r', 'p') AND ${OWN_TABLES}
   ORDER BY c.relname, a.attnum`;

const CONSTRAINTS_SQL = `
  SELECT c.relname AS table_name, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE ${OWN_TABLES}
   ORDER BY c.relname, position(k.contype IN 'pufcx'), k.conname`;

// Indexes that back a constraint are shown with the constraint, not twice.
const INDEXES_SQL = `
  SELECT i.tablename AS table_name, i.indexname AS name, i.indexdef AS definition
    FROM pg_indexes i
   WHERE i.schemaname = 'public' AND i.tablename <> 'migrations'
     AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname AND k.conindid <> 0)
     AND NOT EXISTS (SELECT 1 FROM pg_class c WHERE c.relname = i.tablename AND c.relispartition)
   ORDER BY i.tablename, i.indexname`;

const FUNCTIONS_SQL = `
  SELECT p.proname || '(' || pg_get_function_arguments(p.oid) || ') → ' || pg_get_function_result(p.oid) AS signature
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
   WHERE n.nspname = 'public'
     AND NOT EXISTS (SELECT 1 FROM pg_depend dp WHERE dp.objid = p.oid AND dp.deptype = 'e')
   ORDER BY 1`;

const PARTITIONED_SQL = `
  SELECT c.relname AS table_name, pg_get_partkeydef(c.oid) AS key
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind = 'p' AND ${OWN_TABLES}`;

const EXTENSIONS_SQL = `SELECT extname AS name FROM pg_extension WHERE extname <> 'plpgsql' ORDER BY 1`;

// Per-table settings a migration chose (autovacuum thresholds, fillfactor).
const OPTIONS_SQL = `
  SELECT c.relname AS table_name, array_to_string(c.reloptions, ', ') AS options
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind IN ('r', 'p') AND c.reloptions IS NOT NULL AND ${OWN_TABLES}`;

/** A cell of a markdown table: pipes escaped, line breaks folded, so a default or check never breaks the row. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
}

function code(text: string): string {
  return `\`${cell(text)}\``;
}

/**
 * The current shape of every table of the database at `databaseUrl` (columns with type, nullability and
 * default; constraints; the other indexes; our SQL functions) as markdown, in a stable order.
 */
export async function describeSchema(databaseUrl: string): Promise<string> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return render({
      columns: (await client.query<ColumnRow>(COLUMNS_SQL)).rows,
      constraints: (await client.query<ConstraintRow>(CONSTRAINTS_SQL)).rows,
      indexes: (await client.query<IndexRow>(INDEXES_SQL)).rows,
      options: (await client.query<{ table_name: string; options: string }>(OPTIONS_SQL)).rows,
      partitioned: (await client.query<{ table_name: string; key: string }>(PARTITIONED_SQL)).rows,
      functions: (await client.query<{ signature: string }>(FUNCTIONS_SQL)).rows,
      extensions: (await client.query<{ name: string }>(EXTENSIONS_SQL)).rows,
    });
  } finally {
    await client.end();
  }
}

interface Catalog {
  columns: ColumnRow[];
  constraints: ConstraintRow[];
  indexes: IndexRow[];
  options: Array<{ table_name: string; options: string }>;
  partitioned: Array<{ table_name: string; key: string }>;
  functions: Array<{ signature: string }>;
  extensions: Array<{ name: string }>;
}

function render({ columns, constraints, indexes, options, partitioned, functions, extensions }: Catalog): string {
  const tables = [...new Set(columns.map((column) => column.table_name))].sort();
  const lines = [
    '# Database schema',
    '',
    'The current shape of every table, as the migrations in `migrations/` leave it. Generated by',
    '`npm run schema:doc` (which migrates a scratch database and reads the catalog); do not edit by hand. A medium',
    'test (`test/medium/schema-doc.medium-spec.ts`) fails when this file is out of date.',
    '',
    `Tables: ${tables.map((table) => `[${table}](#${table})`).join(', ')}.`,
  ];
  for (const table of tables) {
    lines.push('', `## ${table}`, '', '| Column | Type | Null | Default |', '| --- | --- | --- | --- |');
    for (const column of columns.filter((c) => c.table_name === table)) {
      const nullable = column.nullable ? 'yes' : 'no';
      const fallback = column.default_value === null ? '' : code(column.default_value);
      lines.push(`| ${column.column_name} | ${cell(column.type)} | ${nullable} | ${fallback} |`);
    }
    const own = constraints.filter((c) => c.table_name === table);
    if (own.length) {
      lines.push('', 'Constraints:', '');
      for (const constraint of own) lines.push(`- ${constraint.name}: ${code(constraint.definition)}`);
    }
    const ownIndexes = indexes.filter((i) => i.table_name === table);
    if (ownIndexes.length) {
      lines.push('', 'Indexes:', '');
      for (const index of ownIndexes)
        lines.push(`- ${code(index.definition.replace(/ ON (?:ONLY )?public\./, ' ON '))}`);
    }
    const partitions = partitioned.find((p) => p.table_name === table);
    if (partitions) lines.push('', `Partitioned by ${code(partitions.key)} (the partitions are not listed)`);
    const settings = options.find((o) => o.table_name === table);
    if (settings) lines.push('', `Storage options: ${code(settings.options)}`);
  }
  lines.push('', '## Functions and extensions', '');
  for (const fn of functions) lines.push(`- ${code(fn.signature)}`);
  for (const extension of extensions) lines.push(`- extension ${code(extension.name)}`);
  return `${lines.join('\n')}\n`;
}
