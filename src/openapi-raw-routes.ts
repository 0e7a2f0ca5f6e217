import type { OpenAPIObject } from '@nestjs/swagger';
import type {
  OperationObject,
  ParameterObject,
  ResponseObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { Messages } from './common/messages';

/**
 * The routes served on the HTTP server ahead of Express (src/mount-raw-routes.ts) are invisible to Nest's scanner; they are described here by hand so
 * the document still lists every endpoint. The mirror's own refusals use the platform's error
 * format (contract §4), its 502 the service's `{ message }`.
 */
export function addRawHttpRoutes(document: OpenAPIObject): void {
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, ...PLATFORM_ERROR_SCHEMAS };
  document.paths['/proxy/{bot_id}/{secret}'] = { post: proxyReceive() };
  document.paths['/tg/bot{token}/{method}'] = {
    get: telegramCall('TelegramMirror_callGet'),
    post: { ...telegramCall('TelegramMirror_call'), requestBody: PASS_THROUGH_BODY },
  };
  document.paths['/tg/file/bot{token}/{file_path}'] = { get: telegramFile() };
  document.paths['/max/{resource}'] = Object.fromEntries(
    (['get', 'post', 'put', 'patch', 'delete'] as const).map((method) => [method, maxCall(method)]),
  );
  document.paths['/l/{code}'] = { get: linkRedirect(false) };
  document.paths['/l/{code}/{token}'] = { get: linkRedirect(true) };
}

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponseDto' };
const TELEGRAM_ERROR_REF = { $ref: '#/components/schemas/TelegramError' };
const MAX_ERROR_REF = { $ref: '#/components/schemas/MaxError' };

const PLATFORM_ERROR_SCHEMAS = {
  TelegramError: {
    type: 'object',
    required: ['ok', 'error_code', 'description'],
    properties: {
      ok: { type: 'boolean', enum: [false] },
      error_code: { type: 'integer' },
      description: { type: 'string' },
    },
  },
  MaxError: {
    type: 'object',
    required: ['code', 'message'],
    properties: { code: { type: 'string' }, message: { type: 'string' } },
  },
};

const PASS_THROUGH_BODY = {
  required: false,
  description: 'Forwarded unchanged (JSON, urlencoded or multipart; up to 50 MB)',
  content: {
    'application/json': { schema: { type: 'object' } },
    'multipart/form-data': { schema: { type: 'object' } },
  },
};

const json = (description: string, schema: object): ResponseObject => ({
  description,
  content: { 'application/json': { schema } },
});
const pathParam = (name: string, description: string, format?: string): ParameterObject => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: format ? { type: 'string', format } : { type: 'string' },
});
const badGateway = json(
  'The platform is unreachable or slower than 30 s: `{ message: "<platform> <code>" }`',
  ERROR_REF,
);

function proxyReceive(): OperationObject {
  return {
    operationId: 'ProxyReceiver_receive',
    tags: ['proxy'],
    summary: "The bot's webhook in proxy-webhook mode: stores the update, then forwards it to target_url",
    description:
      'Set as the platform webhook by `POST /api/bots/{id}/webhook`. The update is committed before it is forwarded; ' +
      "for Telegram the target's 2xx answer becomes the webhook answer, MAX always gets an empty 200.",
    parameters: [
      pathParam('bot_id', 'The bot id', 'uuid'),
      pathParam('secret', "The bot's proxy secret (part of its proxy_url)"),
      {
        name: 'X-Telegram-Bot-Api-Secret-Token',
        in: 'header',
        required: false,
        description: 'Checked when the webhook was set with a secret',
        schema: { type: 'string' },
      },
      {
        name: 'X-Max-Bot-Api-Secret',
        in: 'header',
        required: false,
        description: 'Checked when the subscription was made with a secret',
        schema: { type: 'string' },
      },
    ],
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { type: 'object', description: 'The platform update, unchanged' } } },
    },
    responses: {
      '200': { description: "Stored (and forwarded): the target's 2xx answer for Telegram, else empty" },
      '400': json(Messages.malformedJson, ERROR_REF),
      '401': json(Messages.invalidWebhookSecret, ERROR_REF),
      '403': json('The bot is deactivated (platform error format)', { oneOf: [TELEGRAM_ERROR_REF, MAX_ERROR_REF] }),
      '404': json(Messages.botNotFound, ERROR_REF),
      '413': json(Messages.bodyTooLarge, ERROR_REF),
      '500': json(Messages.internal, ERROR_REF),
    },
  };
}

const TOKEN = pathParam('token', "The bot's own Telegram token, as with api.telegram.org");

function telegramRefusals(): Record<string, ResponseObject> {
  return {
    '401': json('Unknown token: never forwarded', TELEGRAM_ERROR_REF),
    '403': json('The bot is deactivated in Botlens', TELEGRAM_ERROR_REF),
    '413': json('Body over 50 MB', TELEGRAM_ERROR_REF),
    '500': json('The mirror itself failed', TELEGRAM_ERROR_REF),
    '502': badGateway,
  };
}

function telegramCall(operationId: string): OperationObject {
  return {
    operationId,
    tags: ['mirror'],
    summary: 'Telegram Bot API mirror: forwarded to TELEGRAM_API_URL unchanged, its answer relayed unchanged',
    description: 'getUpdates and the send methods are recorded (contract §4). A long poll waits its timeout plus 30 s.',
    parameters: [TOKEN, pathParam('method', 'Any Bot API method, case-insensitive')],
    responses: { '200': json("The platform's answer", { type: 'object' }), ...telegramRefusals() },
  };
}

function telegramFile(): OperationObject {
  return {
    operationId: 'TelegramMirror_file',
    tags: ['mirror'],
    summary: 'Telegram file download through the mirror, streamed',
    parameters: [TOKEN, pathParam('file_path', 'The file_path getFile answered')],
    responses: { '200': { description: 'The file' }, ...telegramRefusals() },
  };
}

function maxCall(method: 'get' | 'post' | 'put' | 'patch' | 'delete'): OperationObject {
  return {
    operationId: `MaxMirror_${method}`,
    tags: ['mirror'],
    summary:
      'MAX Bot API mirror: forwarded to MAX_API_URL unchanged (token in the Authorization header or ?access_token=)',
    description:
      '`GET /updates` and `POST /messages` are recorded (contract §4). The resource may span several path segments.',
    parameters: [
      pathParam('resource', 'The MAX resource, e.g. `me`, `messages`, `updates`, `subscriptions`'),
      {
        name: 'Authorization',
        in: 'header',
        required: false,
        description: "The bot's MAX token",
        schema: { type: 'string' },
      },
    ],
    ...(method === 'get' || method === 'delete' ? {} : { requestBody: PASS_THROUGH_BODY }),
    responses: {
      '200': json("The platform's answer", { type: 'object' }),
      '401': json('Unknown token: never forwarded', MAX_ERROR_REF),
      '403': json('The bot is deactivated in Botlens', MAX_ERROR_REF),
      '413': json('Body over 50 MB', MAX_ERROR_REF),
      '500': json('The mirror itself failed', MAX_ERROR_REF),
      '502': badGateway,
    },
  };
}

const HTML_PAGE = (description: string): ResponseObject => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});

function linkRedirect(personal: boolean): OperationObject {
  return {
    operationId: personal ? 'LinkRedirect_personal' : 'LinkRedirect_open',
    tags: ['redirects'],
    summary: personal
      ? "A tracked link as one contact's: redirects, the click attributed to the contact"
      : 'A tracked link: redirects to its URL and counts the click',
    description:
      'Answered once the click is committed (while PostgreSQL is away, at once, the click held to be written later). ' +
      'HEAD answers the same without a click; link-preview robots (Telegram, Facebook, Twitter, Slack, WhatsApp, ' +
      'Discord, VK, Skype, search engines) are redirected without a click. The Location is always the stored URL: ' +
      'nothing of the request (path, query) is ever redirected to.' +
      (personal
        ? ' A token that does not name a contact of this link redirects all the same, the click anonymous.'
        : ''),
    parameters: [
      pathParam('code', 'The short code of the link'),
      ...(personal ? [pathParam('token', "The contact's token, made for this link (32 characters)")] : []),
    ],
    responses: {
      '302': {
        description: 'To the stored URL, with `Cache-Control: no-store`',
        headers: { Location: { description: "The link's URL", schema: { type: 'string', format: 'uri' } } },
      },
      '404': HTML_PAGE('No such link, or it was deleted: a small page saying so'),
      '405': json(Messages.linkMethodNotAllowed, ERROR_REF),
      '503': HTML_PAGE('A link not in memory while PostgreSQL is unreachable: try again'),
    },
  };
}
