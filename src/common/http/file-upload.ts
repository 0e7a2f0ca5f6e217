import {
  applyDecorators,
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  PayloadTooLargeException,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { Messages } from '../messages';

/** One file per request, as the closed broadcast and the live dialog reply take it. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** A file multer read into memory. */
export interface UploadedFile {
  originalname: string;
  mimetype: string;
  buffer: Buffer;
}

/** Multer's "File too large" in the words of this API, naming the limit. */
@Catch(PayloadTooLargeException)
export class FileTooLargeFilter implements ExceptionFilter {
  catch(_exception: PayloadTooLargeException, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(413).json({ message: Messages.broadcastFileTooLarge });
  }
}

/**
 * A route that takes multipart with one optional `file` field of up to 50 MB (JSON bodies pass
 * through untouched); a larger file is 413 `file too large (max 50 MB)`.
 */
export function AcceptsFile(): MethodDecorator {
  return applyDecorators(
    UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_FILE_BYTES, files: 1 } })),
    UseFilters(FileTooLargeFilter),
  );
}
