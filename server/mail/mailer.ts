import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends the mail; rejects when it could not be sent (or written to the outbox). */
  send(mail: Mail): Promise<void>;
}

/** The logger part the mailer uses (pino and Fastify's logger fit). */
export interface MailLogger {
  info(obj: object, msg?: string): void;
}

type MailConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>;

/** Directory where mails are written when no SMTP server is configured. */
export const outboxDir = (config: Pick<Config, 'DATA_DIR'>): string => path.join(config.DATA_DIR, 'outbox');

/**
 * SMTP (nodemailer) when SMTP_URL is set; otherwise each mail is written as a JSON file into
 * `<DATA_DIR>/outbox/` and its path logged, so the flows work on a laptop without a mail server.
 */
export function createMailer(config: MailConfig, logger: MailLogger): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: config.MAIL_FROM, ...mail });
        logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
      },
    };
  }
  const dir = outboxDir(config);
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const date = new Date();
      const file = path.join(dir, `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`);
      const message = { from: config.MAIL_FROM, date: date.toISOString(), ...mail };
      await writeFile(file, `${JSON.stringify(message, null, 2)}\n`, { encoding: 'utf8', mode: 0o600 });
      logger.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox (no SMTP_URL)');
    },
  };
}
