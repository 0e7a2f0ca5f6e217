import { BadRequestException, Injectable } from '@nestjs/common';
import { Messages } from '../common/messages';
import { linkTarget } from '../links/link-url';
import { charCount, MAX_TELEGRAM_CAPTION_CHARS } from '../platforms/media-input';
import type { Platform } from '../platforms/platform';
import type { BroadcastPlan } from './broadcast-plan';
import { MAX_TEXT_CHARS } from './broadcast-plan';
import { TrackedLinks } from '../links/tracked-links';
import type { BroadcastRow } from './broadcast-store';
import { BroadcastStore } from './broadcast-store';

// A URL runs to the next space or a character that cannot be in one; punctuation that ends a sentence
// (or closes a bracket around the URL) is the text's, not the URL's.
const URL_IN_TEXT = /https?:\/\/[^\s<>"'«»`]+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;

/** The http(s) URLs of a text, as written, each once, in order. */
export function urlsIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(URL_IN_TEXT)) found.add(match[0].replace(TRAILING, ''));
  return [...found];
}

/** The text with each URL `replace` answers for swapped (null: kept as written). */
export function replaceUrls(text: string, replace: (url: string) => string | null): string {
  return text.replace(URL_IN_TEXT, (match) => {
    const url = match.replace(TRAILING, '');
    const replaced = replace(url);
    return replaced === null ? match : replaced + match.slice(url.length);
  });
}

/** Makes one recipient's copy of a text: its URLs as this contact's tracked links. */
export type Personalise = (text: string, contactId: string) => string;

const AS_WRITTEN: Personalise = (text) => text;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * A broadcast's tracked links (issue 28): with `track_links`, one link per distinct URL of its texts (named for
 * the broadcast, so a resumed run finds the same links), their ids kept on the broadcast for its outcomes, and
 * each recipient's copy carrying per-contact links. A per-contact token is an HMAC (LinkTokens): no query per
 * recipient, only one per distinct URL when the run starts.
 */
@Injectable()
export class BroadcastLinks {
  constructor(
    private readonly links: TrackedLinks,
    private readonly store: BroadcastStore,
  ) {}

  /**
   * Refuses a broadcast whose text would outgrow the platform's limit once its URLs are tracked links (each is
   * `{PUBLIC_BASE_URL}/l/` and 41 characters): better a 400 now than every recipient failing later.
   */
  assertFits(text: string, plan: BroadcastPlan, withFile: boolean, platform: Platform): void {
    if (!plan.trackLinks) return;
    const sample = this.links.personalLink({ id: NIL_UUID, code: 'x'.repeat(8) }, NIL_UUID);
    const texts = plan.variants ?? [{ text, file: withFile }];
    for (const variant of texts) {
      const max = variant.file && platform === 'telegram' ? MAX_TELEGRAM_CAPTION_CHARS : MAX_TEXT_CHARS;
      const tracked = replaceUrls(variant.text, (url) => (linkTarget(url) ? sample : null));
      if (charCount(tracked) > max) throw new BadRequestException(Messages.broadcastTrackedTextTooLong(max));
    }
  }

  async prepare(broadcast: BroadcastRow): Promise<Personalise> {
    if (!broadcast.track_links) return AS_WRITTEN;
    const texts = broadcast.variants ? broadcast.variants.map((variant) => variant.text) : [broadcast.text];
    const byUrl = new Map<string, { id: string; code: string }>();
    for (const url of urlsIn(texts.join('\n'))) {
      // A URL no link can take (over 2000 characters, say) stays as written.
      if (!linkTarget(url)) continue;
      byUrl.set(url, await this.links.linkFor(broadcast.bot_id, url, broadcastLinkName(broadcast)));
    }
    const ids = [...new Set([...byUrl.values()].map((link) => link.id))];
    if (ids.length) await this.store.addLinkIds(broadcast.id, ids);
    return (text, contactId) =>
      replaceUrls(text, (url) => {
        const link = byUrl.get(url);
        return link ? this.links.personalLink(link, contactId) : null;
      });
  }
}

/** The name the links of a broadcast carry in the bot's list of links. */
export function broadcastLinkName(broadcast: Pick<BroadcastRow, 'id'>): string {
  return `Рассылка ${broadcast.id}`;
}
