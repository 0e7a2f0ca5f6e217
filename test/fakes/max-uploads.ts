import { randomBytes } from 'node:crypto';
import type { UploadedFile } from './http-util';
import { MaxError } from './max-types';

/** One upload URL handed out by `POST /uploads`, and what was uploaded to it. */
export interface MaxUpload {
  id: string;
  type: string;
  /** The token the message attaches: given with the URL for audio and video, after the upload otherwise. */
  token: string;
  file?: UploadedFile;
}

const TYPES = ['image', 'video', 'audio', 'file'];

/**
 * MAX's two-step upload: `POST /uploads?type=` answers `{ url }` (plus `token` for audio and video);
 * the file goes as multipart field `data` to that URL, which answers the token (images:
 * `{ photos: { <key>: { token } } }`, files: `{ fileId, token }`, audio and video: `{ retval }`).
 * Each URL takes one file.
 */
export class MaxUploads {
  readonly all: MaxUpload[] = [];
  private counter = 0;

  slot(type: string | undefined, baseUrl: string): Record<string, unknown> {
    if (!type || !TYPES.includes(type)) throw MaxError.badRequest('type: must be one of image, video, audio, file');
    const upload: MaxUpload = {
      id: String(++this.counter),
      type,
      token: `tok_${type}_${randomBytes(8).toString('hex')}`,
    };
    this.all.push(upload);
    const url = `${baseUrl}/upload/${upload.id}`;
    return type === 'audio' || type === 'video' ? { url, token: upload.token } : { url };
  }

  receive(id: string, files: UploadedFile[]): Record<string, unknown> {
    const upload = this.all.find((u) => u.id === id);
    if (!upload) throw new MaxError(404, 'not.found', 'Upload URL not found');
    if (upload.file) throw MaxError.badRequest('This URL already took a file');
    const file = files.find((f) => f.field === 'data');
    if (!file) throw MaxError.badRequest('data: file is required');
    upload.file = file;
    if (upload.type === 'image') return { photos: { [`key${upload.id}`]: { token: upload.token } } };
    if (upload.type === 'file') return { fileId: Number(upload.id), token: upload.token };
    return { retval: 1 };
  }
}
