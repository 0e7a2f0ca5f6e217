import { ParsedMail, simpleParser } from 'mailparser';
import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** Envelope recipients, lower-cased, so Bcc recipients are included. */
  to: string[];
  /** The envelope sender, lower-cased. */
  from: string;
  /** The From header as written, e.g. `Botlens <no-reply@example.com>`. */
  fromHeader: string;
  subject: string;
  text: string;
  html: string | undefined;
  parsed: ParsedMail;
}

export type MailPredicate = ((mail: CaughtMail) => boolean) | { to: string };

interface Waiter {
  matches: (mail: CaughtMail) => boolean;
  resolve: (mail: CaughtMail) => void;
}

/** A loopback SMTP server that accepts everything and keeps the parsed messages. */
export class SmtpCatcher {
  url = '';
  readonly messages: CaughtMail[] = [];
  private readonly waiters = new Set<Waiter>();
  private readonly server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    // Credentials in an smtp:// URL make clients send AUTH over plain text; accept any.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    logger: false,
    // Clients that never QUIT must not hold close() for the default 30 s.
    closeTimeout: 200,
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          const envelope = session.envelope;
          this.receive({
            to: envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: envelope.mailFrom ? envelope.mailFrom.address.toLowerCase() : '',
            fromHeader: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html === false ? undefined : parsed.html,
            parsed,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  static async start(): Promise<SmtpCatcher> {
    const catcher = new SmtpCatcher();
    await new Promise<void>((resolve, reject) => {
      catcher.server.server.once('error', reject);
      catcher.server.listen(0, '127.0.0.1', () => resolve());
    });
    catcher.url = `smtp://127.0.0.1:${(catcher.server.server.address() as AddressInfo).port}`;
    return catcher;
  }

  /** Resolves with the first message matching, whether it already arrived or arrives later. */
  waitFor(predicate: MailPredicate, timeoutMs = 10_000): Promise<CaughtMail> {
    const matches =
      typeof predicate === 'function' ? predicate : (mail: CaughtMail) => mail.to.includes(predicate.to.toLowerCase());
    const found = this.messages.find(matches);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        matches,
        resolve: (mail) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(mail);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        const described = typeof predicate === 'function' ? 'the predicate' : `to=${predicate.to}`;
        reject(
          new Error(
            `SmtpCatcher: no message matching ${described} within ${timeoutMs} ms (${this.messages.length} received)`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private receive(mail: CaughtMail): void {
    this.messages.push(mail);
    for (const waiter of [...this.waiters]) if (waiter.matches(mail)) waiter.resolve(mail);
  }
}
