import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { loadConfig } from './config/config';
import { buildOpenApiDocument } from './openapi';

/**
 * The OpenAPI document the app serves at /api/docs-json, built without connecting to anything:
 * Nest's preview mode registers the modules and routes but runs no provider factory (no database,
 * Redis or queues). The cabinet's API types are generated from it (web/scripts/api-types.cjs).
 */
export async function exportOpenApiDocument(): Promise<OpenAPIObject> {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const app = await NestFactory.create(AppModule.forRoot(config), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    return buildOpenApiDocument(app);
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  exportOpenApiDocument()
    .then((document) => process.stdout.write(JSON.stringify(document)))
    .catch((error: unknown) => {
      process.stderr.write(`Cannot build the OpenAPI document: ${String(error)}\n`);
      process.exit(1);
    });
}
