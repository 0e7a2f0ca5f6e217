import { createHmac } from 'node:crypto';

/**
 * `X-Webhook-Signature: sha256=<hex>`: HMAC-SHA256 over the exact body bytes, keyed with the whole
 * secret string (`whsec_…`) as UTF-8 (contract §7).
 */
export function botlensSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body, 'utf8').digest('hex')}`;
}

/**
 * Standard Webhooks (`webhook-signature: v1,<base64>`): HMAC-SHA256 over `id.timestamp.body`, keyed with
 * the base64-decoded part of the secret after `whsec_`, so receivers can use the standard libraries
 * and reject replays by the signed timestamp.
 */
export function standardWebhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')}`;
}
