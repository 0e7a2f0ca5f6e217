import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { OperationObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { neededTeamRole } from './auth/guards/session-auth.decorator';
import { ErrorResponseDto } from './common/http/error-response.dto';
import { ADDED_IN } from './common/swagger/added-in.decorator';
import { addRawHttpRoutes } from './openapi-raw-routes';

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponseDto' };

/**
 * Every tag the controllers use, described, in the order a reader meets them. An operation whose tag is missing
 * here fails the OpenAPI lint test (test/e2e/openapi-lint.e2e-spec.ts).
 */
const TAGS: ReadonlyArray<[name: string, description: string]> = [
  [
    'open-api',
    'The open REST API v1 for integrators: bots, contacts, messages, dialogs, reports, sends, broadcasts and payments. API key with the `read` or `write` scope.',
  ],
  ['auth', 'Registration with a mailed six-digit code, sign-in and sign-out. A session token `bls_…` lasts 7 days.'],
  ['account', 'The signed-in user: role, plan, usage this month and the team they work in.'],
  ['api-keys', 'Your open-API keys `blk_…`: the key is shown once, at creation.'],
  ['bots', 'Binding Telegram and MAX bots, their mirror and proxy addresses, and the proxy-webhook connection.'],
  ['contacts', "The cabinet's contact list (search with `q`) and contact cards."],
  ['dialogs', 'Dialogs, their messages with the intents they matched, and replies to one contact.'],
  ['stats', 'Totals, rolling windows and the daily timeline of one bot.'],
  ['sources', 'Traffic sources from deep-link parameters, and the mappings that group raw values.'],
  ['buttons', 'Inline button presses of a bot, per callback data value.'],
  [
    'revenue',
    "Payments (Telegram Stars, and any payment an integrator reports) and a bot's revenue: per currency, source, product and day, LTV cohorts, the payments as a CSV file.",
  ],
  ['intents', 'Keyword and RE2-pattern intents matched against every new inbound message.'],
  ['funnels', 'A funnel of up to 20 stages per bot, counted at ingest; filter by source.'],
  ['broadcasts', 'Messages to a segment of contacts, now or at a set time, paced per bot.'],
  ['links', 'Tracked short links `/l/{code}` of a bot: their clicks, unique visitors and clicks per day.'],
  [
    'webhooks',
    'Signed event webhooks: `message.created`, `message.outbound`, `contact.created`, `test.ping`, `button.pressed`, `intent.matched`, `broadcast.completed`, `funnel.step_passed`, `payment.succeeded`, `payment.refunded`, `link.clicked`, `bot.alert.opened`, `bot.alert.resolved`.',
  ],
  ['avatars', "Contacts' profile photos, with the session or a signed 24-hour link."],
  ['team', 'Team of the `business` plan: members, invitations by mail, roles, and the API keys of everyone in it.'],
  ['billing', 'Plans, plan changes and their invoices.'],
  ['support', 'Support requests and their answers.'],
  [
    'admin',
    'Global administration: accounts, sign-in as a user, API keys, support, audit log. Global `admin` role only.',
  ],
  [
    'mirror',
    "Telegram and MAX Bot API mirrors: the bot's API base points here; every call is forwarded unchanged and recorded.",
  ],
  [
    'proxy',
    "The webhook receiver of proxy-webhook mode: stores each update, then forwards it to the bot's target_url.",
  ],
  [
    'redirects',
    'Tracked links as people open them: a redirect to the stored URL that counts the click, per contact with a token.',
  ],
  ['health', 'Liveness and readiness probes.'],
];

/** Builds the OpenAPI document from the code: stable operation ids, both security schemes, `{ message }` errors everywhere. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Botlens API')
    .setDescription(
      'Open REST API v1 (`/api/v1`, API key with scopes `read`/`write`) and the session API of the cabinet ' +
        '(`/api/...`, `Authorization: Bearer bls_…`). Every error answers `{ message }`. Operations with `security: []` ' +
        "take no Botlens credential: health, sign-in, the plans, and the mirror and proxy, which the bot's own token " +
        'or proxy secret admits.',
    )
    .setVersion('1.0')
    // Relative: the paths hang off whatever address served this document, the instance's PUBLIC_BASE_URL.
    .addServer('/', 'The Botlens instance serving this document')
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'X-API-Key',
        description: 'Open-API key `blk_…` (also accepted as `Authorization: Bearer blk_…`)',
      },
      'api-key',
    )
    // Not addBearerAuth: it would label the token a JWT, and a session token is an opaque random value.
    .addSecurity('session', {
      type: 'http',
      scheme: 'bearer',
      description: 'Session token `bls_…` (opaque) from /api/auth/login or /api/auth/confirm',
    });
  for (const [name, description] of TAGS) builder.addTag(name, description);
  const config = builder.build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ErrorResponseDto],
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  addRawHttpRoutes(document);
  for (const { path, method, operation } of operationsOf(document)) {
    addDefaultErrorResponse(operation);
    addDefaultTeamRole(operation, method);
    markPublic(operation);
    describeSuccess(operation);
    markUuidParameters(path, operation);
    describeAddedIn(operation);
  }
  return document;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function* operationsOf(document: OpenAPIObject) {
  for (const [path, pathItem] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (operation) yield { path, method, operation };
    }
  }
}

/** Every operation can fail unexpectedly; say so with the shared error schema. */
function addDefaultErrorResponse(operation: OperationObject): void {
  operation.responses['500'] ??= {
    description: 'Internal failure',
    content: { 'application/json': { schema: ERROR_REF } },
  };
}

/**
 * Session routes that name no team role follow the access guard's default (neededTeamRole): reads
 * need `observer`, writes `administrator`. Written into the document so every session route shows it.
 */
function addDefaultTeamRole(
  operation: OperationObject & { 'x-team-role'?: string },
  method: (typeof METHODS)[number],
): void {
  if (!operation.security?.some((scheme) => 'session' in scheme)) return;
  operation['x-team-role'] ??= neededTeamRole({}, method.toUpperCase());
}

/**
 * Every guard documents itself (SessionAuth the bearer, RequireScope the API key), so an operation without a
 * security requirement is one no guard protects: `security: []` says so instead of leaving it unsaid.
 */
function markPublic(operation: OperationObject): void {
  operation.security ??= [];
}

const SUCCESS_DESCRIPTIONS: Record<string, string> = { '200': 'OK', '201': 'Created', '204': 'Done; no body' };

/** Nest leaves a success answer's description empty unless its decorator gives one; OpenAPI requires one. */
function describeSuccess(operation: OperationObject): void {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (response && 'description' in response && !response.description) {
      response.description = SUCCESS_DESCRIPTIONS[status] ?? 'Success';
    }
  }
}

/**
 * Path parameters that name one of Botlens's own rows are UUIDs. `{userId}` and `{externalUserId}` under a bot
 * are the platform's user id; under the team, a Botlens user's id.
 */
const UUID_PARAMETERS = new Set(['id', 'botId', 'bot_id', 'keyId', 'inviteId', 'intentId', 'broadcastId']);

function markUuidParameters(path: string, operation: OperationObject): void {
  for (const parameter of operation.parameters ?? []) {
    if (!('in' in parameter) || parameter.in !== 'path') continue;
    const ownRow =
      UUID_PARAMETERS.has(parameter.name) || (parameter.name === 'userId' && path.startsWith('/api/team/'));
    if (ownRow && parameter.schema && 'type' in parameter.schema) parameter.schema.format ??= 'uuid';
  }
}

/** An operation newer than 1.0 says so where a reader looks first, besides the machine-readable extension. */
function describeAddedIn(operation: OperationObject & { [ADDED_IN]?: string }): void {
  const version = operation[ADDED_IN];
  if (!version) return;
  const line = `Added in API v${version}.`;
  operation.description = operation.description ? `${line}\n\n${operation.description}` : line;
}

/**
 * Serves the document at /api/docs (and -json, -yaml). Built before the app listens, so no request ever waits on the
 * ~0.2 s of CPU it takes; `onFirstRequest` builds it when first asked instead (the test suites, which boot the app a
 * hundred times and ask for it in a few files).
 */
export function setupOpenApi(app: INestApplication, onFirstRequest = false): void {
  const document = onFirstRequest ? () => buildOpenApiDocument(app) : buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/docs-json',
    yamlDocumentUrl: 'api/docs-yaml',
  });
}
