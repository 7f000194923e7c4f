/** Renders an outbox message in its language (English when the language has no templates yet): the subject, a
 * plain-text part and a simple HTML part with every parameter escaped, and the link made absolute on the portal's
 * address (PUBLIC_URL). */
import { MAIL_TEMPLATES, type Language, type MailTemplate, type NotificationParams } from '@portal/contract';
import { en } from './en';
import { hi } from './hi';
import { te } from './te';
import type { MailCatalogue } from './types';

/** The mail templates of each language; a language without its own falls back to English. */
const CATALOGUES: Partial<Record<Language, MailCatalogue>> = { en, hi, te };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

export function isMailTemplate(value: string): value is MailTemplate {
  return (MAIL_TEMPLATES as readonly string[]).includes(value);
}

/** A portal path on the portal's address; a full http(s) address as it is; anything else is no link. */
function absolute(href: string | null, portalUrl: string): string | null {
  if (!href) return null;
  if (/^\/(?![/\\])/.test(href)) return new URL(href, `${portalUrl}/`).toString();
  if (/^https?:\/\//i.test(href) && URL.canParse(href)) return href;
  return null;
}

export function renderMail(
  template: string,
  language: string,
  params: NotificationParams,
  portalUrl: string,
): RenderedMail {
  if (!isMailTemplate(template)) throw new Error(`No mail template "${template}"`);
  const catalogue = CATALOGUES[language as Language] ?? en;
  const content = catalogue[template](params);
  const base = portalUrl.replace(/\/+$/, '');
  const name = typeof params.full_name === 'string' && params.full_name.trim() ? params.full_name.trim() : null;
  const greeting = catalogue.frame.greeting(name);
  const footer = catalogue.frame.footer(base);
  const href = content.action ? absolute(content.action.href, base) : null;
  // One line, so no parameter can add a header.
  const subject = content.subject.replace(/[\r\n]+/g, ' ').trim();

  const text = [
    greeting,
    ...content.paragraphs,
    ...(content.action && href ? [`${content.action.label}: ${href}`] : []),
    `-- \n${footer}`,
  ].join('\n\n');

  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(CATALOGUES[language as Language] ? language : 'en')}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;background:#ffffff">',
    paragraph(greeting),
    ...content.paragraphs.map(paragraph),
    ...(content.action && href
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(content.action.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:13px;color:#4b5563">${escapeHtml(href)}</p>`,
        ]
      : []),
    `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0"><p style="margin:0;font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>`,
    '</body>',
    '</html>',
  ].join('\n');

  return { subject, text, html };
}
