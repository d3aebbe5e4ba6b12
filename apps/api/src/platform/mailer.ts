import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

type Log = { info(obj: unknown, msg?: string): void };

/**
 * With SMTP_URL, mail goes out over SMTP. Without it, each message is written to the outbox folder
 * as an .eml file and its links are logged, so a demo install can follow reset and verify links.
 */
export function createMailer(opts: { smtpUrl?: string; outboxDir?: string; from: string; log?: Log }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const outbox = opts.outboxDir;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      if (outbox) {
        await fs.mkdir(outbox, { recursive: true });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
        await fs.writeFile(path.join(outbox, name), info.message as Buffer);
        opts.log?.info({ to: mail.to, subject: mail.subject, file: path.join(outbox, name), links }, 'mail written to outbox');
      } else {
        opts.log?.info({ to: mail.to, subject: mail.subject, links }, 'mail (no outbox)');
      }
    },
    close: () => transport.close(),
  };
}
