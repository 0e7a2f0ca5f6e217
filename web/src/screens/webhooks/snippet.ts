/**
 * How a receiver checks that a delivery came from Botlens (README: Event webhooks): HMAC-SHA256 of
 * the raw body, keyed with the whole secret, compared in constant time. The secret itself is not
 * inlined: it belongs in the receiver's configuration, not in its code.
 */
export function verificationSnippet(): string {
  return [
    "const { createHmac, timingSafeEqual } = require('node:crypto');",
    '',
    '// rawBody: the request body bytes exactly as received; secret: the whsec_… value from Botlens',
    'function isFromBotlens(rawBody, signatureHeader, secret) {',
    "  const expected = Buffer.from('sha256=' + createHmac('sha256', secret).update(rawBody).digest('hex'));",
    "  const given = Buffer.from(signatureHeader || '');",
    '  return given.length === expected.length && timingSafeEqual(given, expected);',
    '}',
    '',
    "// isFromBotlens(rawBody, req.headers['x-webhook-signature'], process.env.BOTLENS_WEBHOOK_SECRET)",
  ].join('\n');
}
