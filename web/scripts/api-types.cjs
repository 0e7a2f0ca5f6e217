// Generates web/src/api/schema.ts from the service's own OpenAPI document, so the cabinet's
// types can never drift from the API. `npm run api:types` builds the service first and runs this;
// test/e2e/cabinet-api-types.e2e-spec.ts fails when the committed file differs from a fresh one.
const { execFileSync } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const SCHEMA_PATH = join(__dirname, '..', 'src', 'api', 'schema.ts');
const HEADER = '// Generated from the service\'s OpenAPI document by `npm run api:types`. Do not edit.\n\n';

/** The TypeScript text openapi-typescript makes of a document. */
async function renderSchema(document) {
  const { default: openapiTS, astToString } = require('openapi-typescript');
  const ast = await openapiTS(document, { alphabetize: true });
  return HEADER + astToString(ast);
}

async function main() {
  const exporter = join(__dirname, '..', '..', 'dist', 'src', 'openapi-export.js');
  const document = JSON.parse(execFileSync(process.execPath, [exporter], { maxBuffer: 64 * 1024 * 1024 }).toString());
  writeFileSync(SCHEMA_PATH, await renderSchema(document));
  console.log(`wrote ${SCHEMA_PATH}`);
}

module.exports = { renderSchema, SCHEMA_PATH };

if (require.main === module) {
  main().catch((error) => {
    console.error(`api:types failed: ${error.message}`);
    process.exit(1);
  });
}
