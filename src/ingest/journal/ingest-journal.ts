import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { describeError } from '../../logging/describe-error';
import { Metrics } from '../../metrics/metrics';
import type { CaptureBot } from '../capture.service';
import type { Fact } from '../facts';

/** One caller's facts, as the writer queued them. */
export interface JournalEntry {
  bot: CaptureBot;
  facts: Fact[];
}

/** A closed segment handed to the replay: its entries in the order they were written. */
export interface JournalSegment {
  name: string;
  entries: JournalEntry[];
}

/** A segment is closed (and can be replayed and deleted) past this size. */
const SEGMENT_BYTES = 8 * 1024 * 1024;
/** Appends are made durable in groups: one fsync per interval, never one per fact. */
const FSYNC_MS = 100;
const SEGMENT_FILE = /^segment-(\d+)\.ndjson$/;
const LOCK_FILE = 'owner.lock';
/** Journals this process holds: two apps of one process (tests, fleet mode in one jest worker) never share one. */
const HELD_HERE = new Set<string>();

/** A line back to its entry: the facts' own Date fields from their ISO strings (never a field of their raw copy). */
function parseEntry(line: string): JournalEntry {
  const entry = JSON.parse(line) as JournalEntry;
  for (const fact of entry.facts as unknown as Array<Record<string, unknown>>) {
    fact.at = new Date(fact.at as string);
    if (typeof fact.subscriptionExpiresAt === 'string')
      fact.subscriptionExpiresAt = new Date(fact.subscriptionExpiresAt);
  }
  return entry;
}

/**
 * The ingest's overflow on disk (INGEST_JOURNAL_DIR, at most INGEST_JOURNAL_MB): facts the writer cannot hold in
 * memory while PostgreSQL is away are appended here as lines of JSON, in segments, and replayed in order once it
 * is back, oldest segment first; a segment is deleted only after all of its facts are committed. A crash (kill
 * -9) loses at most the last FSYNC_MS of appends; the next start replays what is left. Replaying a segment twice
 * (a crash mid-replay) stores nothing twice: the facts carry the dedupe keys the tables are unique on.
 *
 * One process owns a directory at a time (`owner.lock`, with its pid): a second instance pointed at the same
 * directory works without a journal and says so, rather than interleave files.
 */
@Injectable()
export class IngestJournal implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Ingest');
  private readonly capacityBytes: number;
  private dir: string | null;
  private readonly instance = randomBytes(6).toString('hex');
  /** Closed segments, oldest first. */
  private closed: Array<{ name: string; bytes: number }> = [];
  private active: { name: string; fd: number; bytes: number } | null = null;
  private nextSeq = 1;
  private totalBytes = 0;
  private fsyncTimer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'ingestJournalDir' | 'ingestJournalMb'>,
    // Absent only in a journal made by hand (tests, disabled()).
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.capacityBytes = config.ingestJournalMb * 1024 * 1024;
    this.dir = config.ingestJournalMb > 0 ? config.ingestJournalDir : null;
  }

  /** A journal that holds nothing: the writer drops what its buffer cannot take, as without one. */
  static disabled(): IngestJournal {
    return new IngestJournal({ ingestJournalDir: '', ingestJournalMb: 0 });
  }

  /** Takes the directory and finds what an earlier run left in it, so the writer replays it. */
  onModuleInit(): void {
    if (!this.dir) return;
    try {
      mkdirSync(this.dir, { recursive: true });
      if (!this.lock(this.dir)) {
        this.logger.warn(`The ingest journal ${this.dir} belongs to another running instance: this one has none`);
        this.dir = null;
        return;
      }
      for (const name of readdirSync(this.dir)) {
        const match = SEGMENT_FILE.exec(name);
        if (!match) continue;
        const bytes = statSync(join(this.dir, name)).size;
        this.closed.push({ name, bytes });
        this.totalBytes += bytes;
        this.nextSeq = Math.max(this.nextSeq, Number(match[1]) + 1);
      }
      this.closed.sort((a, b) => segmentSeq(a.name) - segmentSeq(b.name));
      this.report();
      if (this.totalBytes) {
        this.logger.warn(
          `The ingest journal holds ${this.totalBytes} bytes from an earlier run: they are recorded once PostgreSQL answers`,
        );
      }
    } catch (error) {
      this.logger.error(`The ingest journal ${this.dir} cannot be used (${describeError(error)}): the ingest has none`);
      this.dir = null;
    }
  }

  onApplicationShutdown(): void {
    this.sync();
    if (this.active) closeSync(this.active.fd);
    this.active = null;
    if (this.dir) {
      rmSync(join(this.dir, LOCK_FILE), { force: true });
      HELD_HERE.delete(this.dir);
      // A journal with nothing left leaves no directory behind (one it did not make keeps its other files).
      if (!this.totalBytes) rmdirQuietly(this.dir);
    }
  }

  get enabled(): boolean {
    return this.dir !== null;
  }

  /** Facts wait on disk: new ones go behind them, so the order of recording stays the order of traffic. */
  get holding(): boolean {
    return this.totalBytes > 0;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /** Appends entries in order; false (nothing written) when the journal is off or they would pass its size. */
  append(entries: JournalEntry[]): boolean {
    if (!this.dir || !entries.length) return false;
    const data = Buffer.from(entries.map((entry) => JSON.stringify(entry)).join('\n') + '\n');
    if (this.totalBytes + data.length > this.capacityBytes) return false;
    try {
      const active = this.openActive(this.dir);
      writeSync(active.fd, data);
      active.bytes += data.length;
      this.totalBytes += data.length;
    } catch (error) {
      this.logger.error(`Appending to the ingest journal failed: ${describeError(error)}`);
      return false;
    }
    if (this.active && this.active.bytes >= SEGMENT_BYTES) this.closeActive();
    this.fsyncTimer ??= setTimeout(this.flushToDisk, FSYNC_MS).unref();
    this.report();
    return true;
  }

  /**
   * The oldest segment with its entries (the segment being written is closed first when it is the only one);
   * null when nothing waits. A last line cut short by a crash is left out.
   */
  takeOldest(): JournalSegment | null {
    if (!this.dir) return null;
    if (!this.closed.length && this.active?.bytes) this.closeActive();
    const oldest = this.closed[0];
    if (!oldest) return null;
    const lines = readFileSync(join(this.dir, oldest.name), 'utf8').split('\n');
    const entries: JournalEntry[] = [];
    for (const line of lines) {
      if (!line) continue;
      try {
        entries.push(parseEntry(line));
      } catch {
        this.logger.warn(`Skipped a torn line of the ingest journal's ${oldest.name} (written as the process died)`);
      }
    }
    return { name: oldest.name, entries };
  }

  /** Deletes a segment whose every fact is committed (or written again behind it). */
  release(segment: JournalSegment): void {
    if (!this.dir) return;
    const index = this.closed.findIndex((closed) => closed.name === segment.name);
    if (index < 0) return;
    const [released] = this.closed.splice(index, 1);
    rmSync(join(this.dir, released.name), { force: true });
    this.totalBytes -= released.bytes;
    this.report();
  }

  /** Makes every append so far durable (at shutdown, and before a segment is closed). */
  sync(): void {
    if (this.fsyncTimer) clearTimeout(this.fsyncTimer);
    this.fsyncTimer = null;
    if (this.active) fsyncSync(this.active.fd);
  }

  private readonly flushToDisk = (): void => {
    this.fsyncTimer = null;
    const active = this.active;
    if (!active) return;
    fsync(active.fd, (error) => {
      if (error && this.active === active)
        this.logger.error(`fsync of the ingest journal failed: ${describeError(error)}`);
    });
  };

  private openActive(dir: string): { name: string; fd: number; bytes: number } {
    if (this.active) return this.active;
    const name = `segment-${String(this.nextSeq++).padStart(10, '0')}.ndjson`;
    this.active = { name, fd: openSync(join(dir, name), 'a'), bytes: 0 };
    return this.active;
  }

  private closeActive(): void {
    if (!this.active) return;
    this.sync();
    closeSync(this.active.fd);
    this.closed.push({ name: this.active.name, bytes: this.active.bytes });
    this.active = null;
  }

  /** Owns `dir` unless a live process (or another app of this one) does; a dead owner's lock is taken over. */
  private lock(dir: string): boolean {
    if (HELD_HERE.has(dir)) return false;
    const path = join(dir, LOCK_FILE);
    try {
      const [pid] = readFileSync(path, 'utf8').split('\n');
      // The same pid is an earlier life of this process (a container restarted): its lock is stale.
      if (Number(pid) !== process.pid && processAlive(Number(pid))) return false;
    } catch {
      // No lock: the directory is free.
    }
    writeFileSync(path, `${process.pid}\n${this.instance}\n`);
    HELD_HERE.add(dir);
    return true;
  }

  private report(): void {
    this.metrics?.ingestJournalBytes.set(this.totalBytes);
  }
}

function rmdirQuietly(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // Not empty, or gone: either way nothing of ours is left in it.
  }
}

function segmentSeq(name: string): number {
  return Number(SEGMENT_FILE.exec(name)?.[1] ?? 0);
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
