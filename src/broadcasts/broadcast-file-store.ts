import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface BroadcastFile {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

/** `broadcast_files`: the file a photo, audio or file broadcast sends, kept for resumes until the broadcast goes. */
@Injectable()
export class BroadcastFileStore {
  constructor(private readonly db: DataSource) {}

  /** Stores the broadcast's file within the transaction that creates the broadcast. */
  async insert(tx: EntityManager, broadcastId: string, file: BroadcastFile): Promise<void> {
    await tx.query(`INSERT INTO broadcast_files (broadcast_id, file_name, mime_type, bytes) VALUES ($1, $2, $3, $4)`, [
      broadcastId,
      file.fileName,
      file.mimeType,
      file.bytes,
    ]);
  }

  async load(id: string): Promise<BroadcastFile | null> {
    const rows: Array<{ file_name: string; mime_type: string; bytes: Buffer }> = await this.db.query(
      `SELECT file_name, mime_type, bytes FROM broadcast_files WHERE broadcast_id = $1`,
      [id],
    );
    return rows[0] ? { fileName: rows[0].file_name, mimeType: rows[0].mime_type, bytes: rows[0].bytes } : null;
  }
}
