import { Queues } from '../queue/job-settings';

export const MAIL_QUEUE = Queues.mail;

export interface MailJob {
  to: string;
  subject: string;
  text: string;
}
