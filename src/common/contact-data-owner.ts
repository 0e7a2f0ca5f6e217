import type { EntityManager } from 'typeorm';

/** The contact being erased: its row id and its platform user id (tables reference it by one or the other). */
export interface ContactKey {
  id: string;
  externalUserId: string;
}

/**
 * An owner of rows that reference a contact. `ContactErasure` calls each one inside its transaction; the owner
 * deletes its rows and corrects the counters it keeps of them, so reports read as if the contact never existed.
 */
export interface ContactDataOwner {
  eraseContact(q: EntityManager, botId: string, key: ContactKey): Promise<void>;
}
