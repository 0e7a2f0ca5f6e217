import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { prefixedSecret } from '../common/crypto/random';
import { botlensSignature, standardWebhookSignature } from './webhook-signature';
import { WEBHOOK_SECRET_LENGTH } from './webhooks.service';

describe('webhook signatures', () => {
  const secret = prefixedSecret('whsec_', WEBHOOK_SECRET_LENGTH);
  const body = JSON.stringify({ event: 'test.ping', data: { message: 'Привет' } });

  it('signs the body bytes with the whole secret as the key', () => {
    const expected = createHmac('sha256', secret).update(Buffer.from(body)).digest('hex');
    expect(botlensSignature(secret, body)).toBe(`sha256=${expected}`);
  });

  it('produces Standard Webhooks signatures that the reference library verifies', () => {
    const id = 'msg_1';
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': standardWebhookSignature(secret, id, timestamp, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body + ' ', headers)).toThrow();
  });
});
