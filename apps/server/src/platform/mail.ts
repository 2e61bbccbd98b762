import { appendFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config';
import type { Jobs } from './jobs';

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Answers go here (the help form: the user who wrote). */
  replyTo?: string;
}

export const MAIL_QUEUE = 'mail';

/**
 * Mail goes through the `mail` job queue and out by SMTP (SMTP_URL). Without SMTP it goes to the
 * dev outbox: logged and appended to DATA_DIR/outbox.log — never in production.
 */
export class Mailer {
  /** SMTP's transport, made (and nodemailer loaded) with the first mail. */
  private transport?: Promise<Transporter>;

  constructor(
    private readonly config: TConfig,
    private readonly jobs: Jobs,
    private readonly log: FastifyBaseLogger,
  ) {
    if (!config.SMTP_URL && config.isProduction) throw new Error('SMTP_URL is required in production');
    jobs.register<TMail>(MAIL_QUEUE, (mail) => this.deliver(mail));
  }

  queue(mail: TMail): Promise<void> {
    return this.jobs.send(MAIL_QUEUE, mail);
  }

  async deliver(mail: TMail): Promise<void> {
    const smtp = this.config.SMTP_URL;
    if (smtp) {
      this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtp),
      );
      await (await this.transport).sendMail({ from: this.config.MAIL_FROM, ...mail });
      return;
    }
    this.log.info(
      { to: mail.to, subject: mail.subject, text: mail.text },
      'dev outbox: mail not sent (no SMTP_URL)',
    );
    mkdirSync(this.config.DATA_DIR, { recursive: true });
    const entry = `--- ${new Date().toISOString()}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
    appendFileSync(resolve(this.config.DATA_DIR, 'outbox.log'), entry);
  }

  close() {
    void this.transport?.then((transport) => transport.close());
  }
}
