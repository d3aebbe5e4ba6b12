import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';

/*
 * A real SMTP server on a free loopback port, for the tests (and the rehearsal) that send mail
 * through the product's mailer. Without STARTTLS and AUTH unless the options say otherwise.
 *
 * A client that goes away inside a mail transaction (a worker killed, a pooled connection closed
 * while it keeps its last envelope) resets its connection, and smtp-server emits that reset as an
 * 'error' event: with nobody listening it is an uncaught exception, which once turned a green full
 * run red (docs/operations.md, 2026-11-30 night). Here every server listens: a reset passes, any
 * other error is kept in `errors` for the test to check.
 */
export type SmtpSink = {
  server: SMTPServer;
  port: number;
  /** The server's errors other than a reset connection. */
  errors: string[];
  close: () => Promise<void>;
};

export type SmtpSinkOptions = SMTPServerOptions & {
  /** Each message as received (the whole DATA text) and its session (envelope, user); replaces onData. */
  deliver?: (data: string, session: SMTPServerSession) => void;
};

export async function startSmtpSink({ deliver, ...options }: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    ...options,
    ...(deliver && {
      onData(stream, session, cb) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
        stream.on('end', () => {
          deliver(data, session);
          cb();
        });
      },
    }),
  });
  const errors: string[] = [];
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') errors.push(`${err.code ?? ''} ${err.message}`.trim());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, errors, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
