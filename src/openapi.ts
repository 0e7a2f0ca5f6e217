import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { OperationObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { neededTeamRole } from './auth/guards/session-auth.decorator';
import { ErrorResponseDto } from './common/http/error-response.dto';
import { addRawHttpRoutes } from './openapi-raw-routes';

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponseDto' };

/** Builds the OpenAPI document from the code: stable operation ids, both security schemes, `{ message }` errors everywhere. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Botlens API')
    .setDescription(
      'Open REST API v1 (`/api/v1`, API key with scopes `read`/`write`) and the session API of the cabinet ' +
        '(`/api/...`, `Authorization: Bearer bls_…`). Every error answers `{ message }`.',
    )
    .setVersion('1.0')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Open-API key `blk_…` (also accepted as `Authorization: Bearer blk_…`)' }, 'api-key')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Session token `bls_…` from /api/auth/login or /api/auth/confirm' }, 'session')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ErrorResponseDto],
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  addRawHttpRoutes(document);
  addDefaultErrorResponses(document);
  addDefaultTeamRoles(document);
  return document;
}

/**
 * Session routes that name no team role follow the access guard's default (neededTeamRole): reads
 * need `observer`, writes `administrator`. Written into the document so every session route shows it.
 */
function addDefaultTeamRoles(document: OpenAPIObject): void {
  for (const pathItem of Object.values(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = pathItem[method] as (OperationObject & { 'x-team-role'?: string }) | undefined;
      if (!operation?.security?.some((scheme) => 'session' in scheme)) continue;
      operation['x-team-role'] ??= neededTeamRole({}, method.toUpperCase());
    }
  }
}

/** Every operation can fail unexpectedly; say so with the shared error schema. */
function addDefaultErrorResponses(document: OpenAPIObject): void {
  for (const pathItem of Object.values(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = pathItem[method];
      if (!operation) continue;
      operation.responses['500'] ??= {
        description: 'Internal failure',
        content: { 'application/json': { schema: ERROR_REF } },
      };
    }
  }
}

export function setupOpenApi(app: INestApplication): OpenAPIObject {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json', yamlDocumentUrl: 'api/docs-yaml' });
  return document;
}
