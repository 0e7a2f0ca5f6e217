import type { FunnelStageDto, FunnelStageType, FunnelTextMatch } from './funnel.dto';

export const MAX_FUNNEL_STAGES = 20;

const TYPES: readonly FunnelStageType[] = ['text', 'command', 'intent', 'button', 'payment'];
/** Telegram's invoice payload is at most 128 bytes; a prefix of it at most 128 characters. */
const MAX_PAYLOAD_PREFIX = 128;
const MATCHES: readonly FunnelTextMatch[] = ['exact', 'contains'];
const COMMAND = /^\/[A-Za-z0-9_]{1,64}$/;
/** Intent names as the intents API allows them. */
const INTENT_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** A config that breaks a rule; the message names the field, e.g. `stages[2].match must be exact or contains`. */
export class FunnelConfigError extends Error {}

/**
 * Checks a PUT body by hand rather than with class-validator, because its nested messages would
 * name fields as `stages.2.match`; users read `stages[2].match`, the index as in the array they sent.
 * Returns the stages normalised: names and text values trimmed (a button's data is kept as sent: it
 * is compared byte for byte), `match` only (and always) on text and button stages.
 */
export function parseFunnelStages(body: unknown): FunnelStageDto[] {
  const stages = (body as { stages?: unknown } | null)?.stages;
  if (!Array.isArray(stages) || stages.length < 1 || stages.length > MAX_FUNNEL_STAGES) {
    throw new FunnelConfigError(`stages must contain 1 to ${MAX_FUNNEL_STAGES} stages`);
  }
  return stages.map((stage, index) => parseStage(stage, `stages[${index}]`));
}

function parseStage(input: unknown, at: string): FunnelStageDto {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new FunnelConfigError(`${at} must be an object`);
  const { name, type, match, value, payload_prefix: prefix } = input as Record<string, unknown>;
  if (typeof name !== 'string' || !inLength(name.trim(), 1, 100))
    throw new FunnelConfigError(`${at}.name must be 1 to 100 characters`);
  if (!TYPES.includes(type as FunnelStageType))
    throw new FunnelConfigError(`${at}.type must be text, command, intent, button or payment`);
  const stageType = type as FunnelStageType;
  if (stageType === 'payment') return paymentStage(name.trim(), match, value, prefix, at);
  if (prefix !== undefined && prefix !== null)
    throw new FunnelConfigError(`${at}.payload_prefix applies to payment stages only`);

  if (stageType !== 'text' && stageType !== 'button') {
    if (match !== undefined && match !== null)
      throw new FunnelConfigError(`${at}.match applies to text and button stages only`);
    if (stageType === 'command' && !(typeof value === 'string' && COMMAND.test(value))) {
      throw new FunnelConfigError(`${at}.value must be a command such as /start`);
    }
    if (stageType === 'intent' && !(typeof value === 'string' && INTENT_NAME.test(value))) {
      throw new FunnelConfigError(`${at}.value must be the name of one of the bot's intents`);
    }
    return { name: name.trim(), type: stageType, value: value as string };
  }

  if (match !== undefined && match !== null && !MATCHES.includes(match as FunnelTextMatch)) {
    throw new FunnelConfigError(`${at}.match must be exact or contains`);
  }
  const kept = typeof value === 'string' ? (stageType === 'text' ? value.trim() : value) : '';
  if (!inLength(kept, 1, 500) || !kept.trim()) throw new FunnelConfigError(`${at}.value must be 1 to 500 characters`);
  return {
    name: name.trim(),
    type: stageType,
    match: (match as FunnelTextMatch | null | undefined) ?? 'exact',
    value: kept,
  };
}

/** A payment stage: any payment, or one whose invoice payload starts with the prefix (kept as sent, like a button's data). */
function paymentStage(name: string, match: unknown, value: unknown, prefix: unknown, at: string): FunnelStageDto {
  if (match !== undefined && match !== null)
    throw new FunnelConfigError(`${at}.match applies to text and button stages only`);
  if (value !== undefined && value !== null)
    throw new FunnelConfigError(`${at}.value does not apply to payment stages (payload_prefix does)`);
  if (prefix === undefined || prefix === null) return { name, type: 'payment' };
  if (typeof prefix !== 'string' || !inLength(prefix, 1, MAX_PAYLOAD_PREFIX))
    throw new FunnelConfigError(`${at}.payload_prefix must be 1 to ${MAX_PAYLOAD_PREFIX} characters`);
  return { name, type: 'payment', payload_prefix: prefix };
}

/** Length in characters as people count them (code points), not UTF-16 units. */
function inLength(text: string, min: number, max: number): boolean {
  const length = [...text].length;
  return length >= min && length <= max;
}
