/** For tests only: a real SMTP server on a free local port (the smtp-server package) that keeps what it receives,
 * parsed with mailparser, and can refuse recipients with a reply code or never answer a message's data. */
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: Buffer;
  parsed: ParsedMail;
  messageId: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:port */
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived (or rejects after timeoutMs). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** A reply code to refuse a recipient with (451: try later, 550: never), or null to accept. */
  refuseRecipient?: (address: string) => number | null;
  /** Take the message's data and never answer it: the sender waits until it gives up or dies. */
  stallData?: boolean;
}

function refusal(code: number): Error {
  const error = new Error(code >= 500 ? 'Mailbox unavailable' : 'Mailbox busy, try again later') as Error & {
    responseCode: number;
  };
  error.responseCode = code;
  return error;
}

async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startTestSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const events = new EventEmitter();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const code = options.refuseRecipient?.(address.address) ?? null;
      callback(code === null ? undefined : refusal(code));
    },
    onData(stream, session, callback) {
      void (async () => {
        const raw = await readAll(stream);
        const parsed = await simpleParser(raw);
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          parsed,
          messageId: parsed.messageId ?? '',
        });
        events.emit('mail');
        if (!options.stallData) callback();
      })().catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          events.off('mail', check);
          resolve(received.slice());
        };
        const timer = setTimeout(() => {
          events.off('mail', check);
          reject(new Error(`Expected ${count} mails, received ${received.length}`));
        }, timeoutMs);
        events.on('mail', check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
