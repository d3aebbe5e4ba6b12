import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';

/** `headers`: extra header lines (List-Unsubscribe and List-Unsubscribe-Post of notification mail, Reply-To of contact-form mail). */
export type Mail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

type Log = { info(obj: unknown, msg?: string): void };

type Transport = import('nodemailer').Transporter;

/**
 * The transport, made on the first message: nodemailer (~50–90 ms of a start-up's CPU) loads when
 * mail is first sent, not at every start of a process that may send none.
 */
function lazyTransport(make: (nodemailer: typeof import('nodemailer')) => Transport) {
  let transport: Promise<Transport> | undefined;
  return {
    get: () => (transport ??= import('nodemailer').then((m) => make(m.default))),
    close: () => void transport?.then((t) => t.close(), () => undefined),
  };
}

/**
 * With SMTP_URL, mail goes out over SMTP. Without it, each message is written to the outbox folder
 * as an .eml file and its links are logged, so a demo install can follow reset and verify links.
 */
export function createMailer(opts: { smtpUrl?: string; outboxDir?: string; from: string; log?: Log }): Mailer {
  const { smtpUrl } = opts;
  if (smtpUrl) {
    // Bounded well inside the mail job's time limit (queue.registry.ts), so a stuck server fails
    // the attempt (and it is retried) instead of leaving a handler running past it.
    const transport = lazyTransport((nodemailer) =>
      nodemailer.createTransport(smtpUrl, { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 }),
    );
    return {
      async send(mail) {
        await (await transport.get()).sendMail({ from: opts.from, ...mail });
      },
      close: transport.close,
    };
  }
  const outbox = opts.outboxDir;
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    async send(mail) {
      const info = await (await transport.get()).sendMail({ from: opts.from, ...mail });
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
    close: transport.close,
  };
}

/**
 * What services send mail through: the message becomes a durable `mail-send` job, so a request never
 * waits on SMTP and a failed send is retried (workers.ts hands it to the transport mailer).
 */
export function createQueuedMailer(queue: { send(name: 'mail-send', mail: Mail): Promise<string> }): Mailer {
  return {
    async send(mail) {
      await queue.send('mail-send', mail);
    },
    close: () => {},
  };
}
