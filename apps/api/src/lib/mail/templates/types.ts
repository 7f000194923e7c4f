/** What a language's mail templates give for one message: the subject, the paragraphs and one link to follow. */
import type { MailTemplate, NotificationParams } from '@portal/contract';

export interface MailContent {
  subject: string;
  /** Plain sentences; the layout escapes them for the HTML part. */
  paragraphs: string[];
  /** The one thing to open: its label and its address (a portal path, or a full address such as a reset link). */
  action?: { label: string; href: string | null };
}

/** The words around every message of a language. */
export interface MailFrame {
  greeting(name: string | null): string;
  /** The last line: who sent it and where the portal is. */
  footer(portalUrl: string): string;
}

export type MailCatalogue = { frame: MailFrame } & {
  [T in MailTemplate]: (params: NotificationParams) => MailContent;
};
