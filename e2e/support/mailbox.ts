/** A real SMTP server for the journeys: global setup starts one per server and points that server's SMTP_URL at it;
 * each message it receives is written as a JSON file in a fresh directory (E2E_MAILBOX_DIR, which the config sets in
 * each test worker to its server's), and tests read them with `mailTo`. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const MAILBOX_ENV = 'E2E_MAILBOX_DIR';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  receivedAt: number;
}

/** Starts the SMTP server on a free local port; answers its port, its directory and a function that stops it. */
export async function startMailbox(): Promise<{ port: number; directory: string; stop: () => Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-mailbox-'));
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            receivedAt: Date.now(),
          };
          count += 1;
          const file = path.join(directory, `${String(count).padStart(5, '0')}.json`);
          fs.writeFileSync(`${file}.part`, JSON.stringify(mail));
          fs.renameSync(`${file}.part`, file);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    directory,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

function readMailbox(): ReceivedMail[] {
  const directory = process.env[MAILBOX_ENV];
  if (!directory || !fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(directory, name), 'utf8')) as ReceivedMail);
}

/** The messages to one address whose subject matches, oldest first. */
export function mailsTo(address: string, subject?: RegExp): ReceivedMail[] {
  const wanted = address.toLowerCase();
  return readMailbox().filter((mail) => mail.to.includes(wanted) && (!subject || subject.test(mail.subject)));
}

/** Waits for a message to the address (subject matching) to arrive, and answers the newest. The outbox worker sends
 * within seconds; the wait is generous for a loaded machine. */
export async function mailTo(address: string, subject?: RegExp): Promise<ReceivedMail> {
  await expect
    .poll(() => mailsTo(address, subject).length, {
      message: `a mail to ${address}${subject ? ` with a subject matching ${subject}` : ''}`,
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  return mailsTo(address, subject).at(-1)!;
}
