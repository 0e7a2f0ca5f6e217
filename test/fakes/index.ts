export * from './telegram';
export * from './max';
export * from './smtp';
export type { HttpReply, UploadedFile } from './http-util';
