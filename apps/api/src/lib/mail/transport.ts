/** Sending one message through SMTP_URL with nodemailer: smtp://user:pass@host:587 upgrades with STARTTLS when the
 * server offers it (certificates verified), smtps:// speaks TLS from the start. One connection per message. */
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<id@domain>`: the same for every attempt at one outbox message, so a receiver can drop a repeat. */
  messageId: string;
}

export interface MailTransport {
  /** Resolves when the server has accepted the message; rejects on any failure or when `signal` aborts. */
  send(mail: OutgoingMail, signal: AbortSignal): Promise<void>;
  close(): void;
}

export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  /** Inactivity on an open connection. */
  socketMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 30_000, greetingMs: 30_000, socketMs: 60_000 };

export function createSmtpTransport(smtpUrl: string, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return {
    async send(mail, signal) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        signal,
      });
    },
    close() {
      transporter.close();
    },
  };
}

/** Whether the server refused the message for good (a 5xx reply): retrying the same message cannot help. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What an attempt's failure records: the server's reply or the error's message, never the SMTP_URL's password. */
export function describeFailure(error: unknown): string {
  if (error && typeof error === 'object') {
    const { response, message, code } = error as { response?: unknown; message?: unknown; code?: unknown };
    if (typeof response === 'string' && response) return response;
    if (typeof message === 'string' && message) return typeof code === 'string' ? `${code}: ${message}` : message;
  }
  return String(error);
}
