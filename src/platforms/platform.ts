/** The messaging platforms Botlens serves. */
export type Platform = 'telegram' | 'max';
export const PLATFORMS: readonly Platform[] = ['telegram', 'max'];

/** A bot's `target_url` that asks for its updates to be served to its own polling (contract §5). */
export const POLLING_TARGET = 'polling';
