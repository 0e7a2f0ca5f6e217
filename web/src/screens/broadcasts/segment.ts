import type { Segment } from '../../api/queries/useBroadcasts';

/** The segment builder's fields as typed; empty means "any". */
export interface SegmentDraft {
  source_value: string;
  campaign_name: string;
  intent: string;
  language_code: string;
  /** `exclude` (the service's default: blocked contacts are left out) or `only` (only them). */
  blocked: 'exclude' | 'only';
  active_within_days: string;
}

export const EMPTY_SEGMENT: SegmentDraft = {
  source_value: '',
  campaign_name: '',
  intent: '',
  language_code: '',
  blocked: 'exclude',
  active_within_days: '',
};

/**
 * The segment the API takes: only the filters that narrow the audience. An unreadable day count is
 * sent as it is, so the service's own message about it is shown.
 */
export function toSegment(draft: SegmentDraft): Segment {
  const segment: Segment = {};
  for (const field of ['source_value', 'campaign_name', 'intent', 'language_code'] as const) {
    const value = draft[field].trim();
    if (value) segment[field] = value;
  }
  if (draft.blocked === 'only') segment.blocked = true;
  const days = draft.active_within_days.trim();
  if (days) segment.active_within_days = /^\d+$/.test(days) ? Number(days) : (days as unknown as number);
  return segment;
}

/** A `datetime-local` value, read in the viewer's own time zone, as the ISO time with a zone the API takes; null when empty or unreadable. */
export function localTimeToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The viewer's time zone as its name says it (`Europe/Moscow`), for the hint beside the send time. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
