// Outgoing mail. SMTP_URL set: nodemailer over SMTP. Unset (embedded default): every mail is written as an
// `.eml` file to the outbox folder of the data dir and its links are logged, so a person running the
// product locally can follow a password-reset link without a mail server.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Mailer } from '../mail/mail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const { smtpUrl, from, outboxDir } = config.mail;
    if (smtpUrl !== null) {
      const transport = createTransport(smtpUrl);
      app.decorate<Mailer>('mailer', {
        async send(mail) {
          await transport.sendMail({ from, ...mail });
        },
      });
      app.addHook('onClose', async () => transport.close());
      return;
    }

    const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    app.decorate<Mailer>('mailer', {
      async send(mail) {
        const info = await transport.sendMail({ from, ...mail });
        await mkdir(outboxDir, { recursive: true });
        const file = join(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}.eml`);
        await writeFile(file, info.message as Buffer);
        const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
        app.log.info({ to: mail.to, subject: mail.subject, file, links }, 'mail written to the outbox (SMTP_URL is not set)');
      },
    });
  },
  { name: 'mail' },
);
