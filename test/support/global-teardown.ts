import { dropDatabase, TEMPLATE_DATABASE_ENV } from './template-database';

export default async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (template) await dropDatabase(`postgres://postgres@127.0.0.1:5432/${template}`);
}
