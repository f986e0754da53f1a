// A real SMTP server on loopback for the mail tests (smtp-server), that a test can stop and start again on
// the same port: the mail server being down is the port refusing connections, as it would be.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import { SMTPServer } from 'smtp-server';

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`, the same across stop and start. */
  readonly url: string;
  /** Every message taken, raw, in order. */
  readonly received: string[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function smtpCatcher(t: TestContext): Promise<SmtpCatcher> {
  const received: string[] = [];
  let server: SMTPServer | null = null;
  let port = 0;
  const start = async () => {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    const listening = smtp.listen(port, '127.0.0.1');
    await once(listening, 'listening');
    port = (listening.address() as AddressInfo).port;
    server = smtp;
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (running) await new Promise<void>((resolve) => running.close(resolve));
  };
  await start();
  t.after(stop);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop,
    start,
  };
}
