/**
 * Removes credentials that travel inside URLs: Telegram bot tokens in `/bot<token>/` paths (with or
 * without the `/tg` prefix the mirror cuts off before handling a call),
 * proxy secrets in `/proxy/<bot>/<secret>`, and `access_token`/`token` query values.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^((?:\/tg)?(?:\/file)?\/bot)[^/?#]+/, '$1[redacted]')
    .replace(/^(\/proxy\/[^/?#]+\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&](?:access_token|token)=)[^&#]*/gi, '$1[redacted]');
}
