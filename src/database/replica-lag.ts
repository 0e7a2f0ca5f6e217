/** What the replica says of itself, read by `REPLICA_STATE_SQL`. */
export interface ReplicaState {
  /** False on a server that is no standby (promoted, or a primary given by mistake): it is never behind. */
  recovering: boolean;
  /** Everything the replica has received is replayed; false while it receives nothing (no WAL receiver). */
  caughtUp: boolean;
  /** Seconds since the last replayed transaction committed on the primary; null before the first one. */
  replayAgeSeconds: number | null;
}

export const REPLICA_STATE_SQL = `SELECT pg_is_in_recovery() AS recovering,
  coalesce(pg_last_wal_receive_lsn() <= pg_last_wal_replay_lsn(), false) AS caught_up,
  extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS replay_age`;

/**
 * The replica's lag in seconds, from one check to the next. A caught-up replica has none, however old its last
 * replayed transaction (an idle primary writes nothing to replay). A replica that is behind is as late as the
 * younger of two clocks: the age of its last replayed transaction (small when it replays steadily a little behind)
 * and how long it has been behind without catching up, as seen by these checks (small when an idle primary's
 * first write in hours has just arrived, although the last replayed transaction is hours old). The second clock
 * starts at the first check that finds it behind, so it reads up to one check interval low.
 */
export class ReplicaLag {
  private behindSince: number | null = null;

  observe(state: ReplicaState, now = Date.now()): number {
    if (!state.recovering || state.caughtUp) {
      this.behindSince = null;
      return 0;
    }
    this.behindSince ??= now;
    const behind = (now - this.behindSince) / 1000;
    return state.replayAgeSeconds === null ? behind : Math.min(behind, Math.max(0, state.replayAgeSeconds));
  }

  /** The replica could not be asked: whatever it was behind by is unknown now. */
  reset(): void {
    this.behindSince = null;
  }
}
