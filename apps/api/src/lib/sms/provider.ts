/** The portal's side of Gupshup Enterprise's SMS HTTP API (decision 037): one message per request to
 * `GatewayAPI/rest`, method SendMessage, with India's DLT fields (principalEntityId, dltTemplateId and the sender
 * header as `mask`), msg_type TEXT or UNICODE_TEXT, the text answer format (`success | <number> | <message id>` or
 * `error | <number> | <code> | <reason>`). The sandbox speaks the same; with SMS_PROVIDER=gupshup this talks to the
 * provider. */
import type { SmsConfig } from './config';

export interface OutgoingSms {
  /** 91 and ten digits. */
  to: string;
  text: string;
  unicode: boolean;
  dltTemplateId: string;
}

/** A refusal: `permanent` when sending the same message again cannot help (the provider said no to it). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface SmsProvider {
  readonly name: string;
  /** Resolves with the provider's message id once it accepted the message; throws SmsSendError otherwise. */
  send(message: OutgoingSms, signal: AbortSignal): Promise<{ providerMessageId: string }>;
}

/** The form a SendMessage request carries. */
export function sendMessageForm(config: SmsConfig, message: OutgoingSms): URLSearchParams {
  return new URLSearchParams({
    method: 'SendMessage',
    v: '1.1',
    auth_scheme: 'plain',
    format: 'text',
    userid: config.userId,
    password: config.password,
    send_to: message.to,
    msg: message.text,
    msg_type: message.unicode ? 'UNICODE_TEXT' : 'TEXT',
    mask: config.sender,
    principalEntityId: config.entityId,
    dltTemplateId: message.dltTemplateId,
  });
}

/** Reads the text answer: the message id, or a refusal. */
export function readSendAnswer(body: string): { providerMessageId: string } {
  const parts = body
    .trim()
    .split('|')
    .map((part) => part.trim());
  if (parts[0]?.toLowerCase() === 'success' && parts.length >= 3 && parts[parts.length - 1]) {
    return { providerMessageId: parts[parts.length - 1]! };
  }
  if (parts[0]?.toLowerCase() === 'error') {
    throw new SmsSendError(`The provider refused the message: ${parts.slice(1).join(' | ').slice(0, 300)}`, true);
  }
  throw new SmsSendError(`The provider's answer could not be read: ${body.slice(0, 200)}`, false);
}

export function gupshupProvider(config: SmsConfig): SmsProvider {
  return {
    name: config.mode === 'sandbox' ? 'sandbox (TEST MODE, Gupshup Enterprise protocol)' : 'Gupshup Enterprise',
    async send(message, signal) {
      let response: Response;
      try {
        response = await fetch(config.apiUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          body: sendMessageForm(config, message).toString(),
          signal,
        });
      } catch (error) {
        throw new SmsSendError(`The provider could not be reached: ${(error as Error).message}`, false);
      }
      const body = await response.text();
      if (!response.ok) {
        // 4xx other than a rate limit: this request will not be taken; 5xx and 429: the provider is down or busy.
        const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
        throw new SmsSendError(`The provider answered HTTP ${response.status}`, permanent);
      }
      return readSendAnswer(body);
    },
  };
}
