/** How a contact is called in lists: first and last name, else @username, else the platform id. */
export function contactName(contact: {
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  external_user_id: string;
}): string {
  const name = [contact.first_name, contact.last_name].filter(Boolean).join(' ').trim();
  return name || (contact.username ? `@${contact.username}` : contact.external_user_id);
}
