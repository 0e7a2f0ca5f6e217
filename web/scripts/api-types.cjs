// Generates web/src/api/schema.ts from the service's own OpenAPI document, so the cabinet's
// types can never drift from the API.
//   node web/scripts/api-types.cjs                       document from the built service (npm run api:types builds it first)
//   node web/scripts/api-types.cjs --from doc.json --check   exit 1 when the committed file differs (test/e2e/cabinet.e2e-spec.ts)
const { execFileSync } = require('node:child_process');
const { readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const SCHEMA_PATH = join(__dirname, '..', 'src', 'api', 'schema.ts');
const HEADER = "// Generated from the service's OpenAPI document by `npm run api:types`. Do not edit.\n\n";

async function renderSchema(document) {
  const { default: openapiTS, astToString } = require('openapi-typescript');
  return HEADER + astToString(await openapiTS(document, { alphabetize: true }));
}

function readDocument(args) {
  const from = args.indexOf('--from');
  if (from !== -1) return JSON.parse(readFileSync(args[from + 1], 'utf8'));
  const exporter = join(__dirname, '..', '..', 'dist', 'src', 'openapi-export.js');
  return JSON.parse(execFileSync(process.execPath, [exporter], { maxBuffer: 64 * 1024 * 1024 }).toString());
}

async function main(args) {
  const schema = await renderSchema(readDocument(args));
  const shown = relative(process.cwd(), SCHEMA_PATH);
  if (args.includes('--check')) {
    if (schema !== readFileSync(SCHEMA_PATH, 'utf8')) {
      console.error(`${shown} is out of date with the API: run \`npm run api:types\` and commit it`);
      process.exit(1);
    }
    console.log(`${shown} matches the API`);
    return;
  }
  writeFileSync(SCHEMA_PATH, schema);
  console.log(`wrote ${shown}`);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`api:types failed: ${error.message}`);
  process.exit(1);
});
