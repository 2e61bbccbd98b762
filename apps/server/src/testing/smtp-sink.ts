import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
}

/** A real SMTP server for tests: collects every message and lets a test wait for one. */
export class SmtpSink {
  readonly messages: TReceivedMail[] = [];
  private waiters: Array<{ match: (m: TReceivedMail) => boolean; resolve: (m: TReceivedMail) => void }> = [];
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.receive(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            session.envelope.rcptTo.map((r) => r.address),
          );
          callback();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  private receive(raw: string, from: string, to: string[]) {
    const [head, ...body] = raw.split(/\r?\n\r?\n/);
    const subjectLine = head.split(/\r?\n(?![ \t])/).find((l) => /^subject:/i.test(l)) ?? '';
    const mail: TReceivedMail = {
      from,
      to,
      raw,
      subject: decodeHeader(subjectLine.replace(/^subject:\s*/i, '').replace(/\r?\n[ \t]/g, ' ')),
      text: decodeBody(head, body.join('\n\n')),
    };
    this.messages.push(mail);
    for (const w of [...this.waiters]) {
      if (w.match(mail)) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve(mail);
      }
    }
  }

  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(match: (m: TReceivedMail) => boolean, timeoutMs = 15_000): Promise<TReceivedMail> {
    const found = this.messages.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching mail arrived')), timeoutMs);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  waitForTo(address: string, subjectPattern?: RegExp) {
    return this.waitFor((m) => m.to.includes(address) && (!subjectPattern || subjectPattern.test(m.subject)));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(head: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
  return body;
}
