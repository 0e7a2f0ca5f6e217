import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toFormData, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type Broadcast = components['schemas']['BroadcastDto'];
export type Segment = components['schemas']['BroadcastSegmentDto'];
export type BroadcastPlatform = Broadcast['platform'];
export type MediaKind = NonNullable<Broadcast['kind']>;
export type BroadcastOutcomes = components['schemas']['BroadcastOutcomesDto'];
export type WinnerMetric = NonNullable<Broadcast['winner_metric']>;

/** What the composer sends: the file travels as multipart with its kind, the segment as a JSON field. */
export interface NewBroadcast {
  text: string;
  platform: BroadcastPlatform;
  segment: Segment;
  file: File | null;
  kind: MediaKind | null;
  /** ISO 8601 with a zone, or null to send now. */
  sendAt: string | null;
  /** Every URL goes as each recipient's own tracked link. */
  trackLinks: boolean;
  /** An A/B test instead of `text`; numbers as typed (strings), so the service judges what was written. */
  ab: {
    variants: { text: string; file: boolean }[];
    /** A fraction, 0.05–1. */
    testShare: string;
    /** Only with a test share below 1. */
    winnerAfterMinutes: string | null;
    winnerMetric: WinnerMetric | null;
  } | null;
}

const UNFINISHED: ReadonlyArray<Broadcast['status']> = ['scheduled', 'queued', 'running'];
/** While a broadcast is under way its progress is read again this often. */
const PROGRESS_POLL_MS = 1000;
/** A finished broadcast's outcomes keep coming (replies and blocks for 24 hours, revenue for 72): read again this often. */
const OUTCOMES_POLL_MS = 30_000;
const OUTCOMES_WINDOW_MS = 72 * 60 * 60 * 1000;
/** While a test waits for its winner, its clicks and replies are read this often. */
const AWAITING_WINNER_POLL_MS = 5_000;

export const isUnfinished = (broadcast: Broadcast) => UNFINISHED.includes(broadcast.status);

/** An A/B test whose share is all processed, waiting (up to days) for its winner: nothing moves but its outcomes. */
export const isAwaitingWinner = (broadcast: Broadcast) =>
  broadcast.status === 'running' &&
  broadcast.winner === null &&
  broadcast.test_share !== null &&
  broadcast.test_share < 1 &&
  broadcast.sent_count + broadcast.failed_count >= Math.ceil(broadcast.total_count * broadcast.test_share);

export function useBroadcasts(botId: string) {
  return useQuery({
    queryKey: keys.broadcasts(botId),
    queryFn: () => unwrap(api.GET('/api/bots/{id}/broadcasts', { params: { path: { id: botId } } })),
    refetchInterval: (query) => {
      const data = query.state.data?.data ?? [];
      const unfinished = data.filter(isUnfinished);
      if (unfinished.some((b) => !isAwaitingWinner(b))) return PROGRESS_POLL_MS;
      if (unfinished.length > 0) return AWAITING_WINNER_POLL_MS;
      const recent = data.some((b) => b.finished_at && Date.now() - Date.parse(b.finished_at) < OUTCOMES_WINDOW_MS);
      return recent ? OUTCOMES_POLL_MS : false;
    },
  });
}

/** The live recipient count of a platform and segment (the preview endpoint changes nothing, so it is read as a query). */
export function useBroadcastPreview(botId: string, platform: BroadcastPlatform, segment: Segment) {
  const audience = { platform, segment };
  return useQuery({
    queryKey: keys.broadcastPreview(botId, audience),
    queryFn: () =>
      unwrap(api.POST('/api/bots/{id}/broadcasts/preview', { params: { path: { id: botId } }, body: audience })),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

export function useCreateBroadcast(botId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: NewBroadcast) => {
      const { ab } = draft;
      const fields = {
        ...(ab
          ? {
              variants: JSON.stringify(ab.variants),
              test_share: ab.testShare,
              ...(ab.winnerAfterMinutes !== null ? { winner_after_minutes: ab.winnerAfterMinutes } : {}),
              ...(ab.winnerMetric ? { winner_metric: ab.winnerMetric } : {}),
            }
          : { text: draft.text }),
        ...(draft.trackLinks ? { track_links: 'true' as const } : {}),
        platform: draft.platform,
        segment: JSON.stringify(draft.segment),
        ...(draft.file && draft.kind ? { kind: draft.kind } : {}),
        ...(draft.sendAt ? { send_at: draft.sendAt } : {}),
      };
      return unwrap(
        api.POST('/api/bots/{id}/broadcasts', {
          params: { path: { id: botId } },
          body: fields,
          bodySerializer: (body) => toFormData({ ...body, file: draft.file && draft.kind ? draft.file : undefined }),
        }),
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: keys.broadcasts(botId) }),
  });
}

export function useCancelBroadcast(botId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (broadcastId: string) =>
      unwrap(
        api.POST('/api/bots/{id}/broadcasts/{broadcastId}/cancel', { params: { path: { id: botId, broadcastId } } }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.broadcasts(botId) }),
  });
}
