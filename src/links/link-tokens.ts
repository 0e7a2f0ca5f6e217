import { Inject, Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../common/http/ids';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

const CONTACT_BYTES = 16;
/** 64 bits: a token can only be tried against the service, one redirect at a time. */
const MAC_BYTES = 8;
/** 24 bytes in base64url, no padding. */
export const PERSONAL_TOKEN_LENGTH = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The keyed values of tracked links, with keys derived from TOKEN_ENCRYPTION_KEY (no setting of their own):
 *
 * - the token of a per-contact link `/l/<code>/<token>`: the contact's id and a MAC over the link's id and the
 *   contact's id, base64url (32 characters). It verifies itself, so a broadcast mints one per recipient without
 *   writing anything, and it is good for its own link only;
 * - the visitor of an anonymous click: a keyed hash of the UTC day, the client's address and its user agent, so
 *   unique visitors can be counted per day without keeping an address, and one person cannot be followed from
 *   one day to the next.
 */
@Injectable()
export class LinkTokens {
  private readonly tokenKey: Buffer;
  private readonly visitorKey: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'tokenEncryptionKey'>) {
    const derive = (info: string) =>
      Buffer.from(hkdfSync('sha256', config.tokenEncryptionKey, Buffer.alloc(0), info, 32));
    this.tokenKey = derive('botlens link tokens');
    this.visitorKey = derive('botlens link visitors');
  }

  /** The token naming `contactId` on the link `linkId`. */
  mint(linkId: string, contactId: string): string {
    if (!isUuid(contactId)) throw new Error(`Not a contact id: ${contactId}`);
    const contact = Buffer.from(contactId.replace(/-/g, ''), 'hex');
    return Buffer.concat([contact, this.mac(linkId, contact)]).toString('base64url');
  }

  /** The contact id a token names on this link, or null for a token that is malformed, altered or another link's. */
  contactOf(linkId: string, token: string): string | null {
    if (token.length !== PERSONAL_TOKEN_LENGTH || !BASE64URL.test(token)) return null;
    const bytes = Buffer.from(token, 'base64url');
    const contact = bytes.subarray(0, CONTACT_BYTES);
    if (!timingSafeEqual(bytes.subarray(CONTACT_BYTES), this.mac(linkId, contact))) return null;
    const hex = contact.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** A signed 64-bit number (as PostgreSQL's bigint takes it) for this address and agent on this UTC day. */
  visitor(atMs: number, address: string, userAgent: string): string {
    const day = Math.floor(atMs / 86_400_000);
    const digest = createHmac('sha256', this.visitorKey).update(`${day}\n${address}\n${userAgent}`).digest();
    return digest.readBigInt64BE(0).toString();
  }

  private mac(linkId: string, contact: Buffer): Buffer {
    return createHmac('sha256', this.tokenKey).update(linkId).update(contact).digest().subarray(0, MAC_BYTES);
  }
}
