import type { MessageId } from '../../i18n/messages';
/** The one shape every mail has: a greeting, paragraphs, an optional button link, an optional list. */
export interface MailDraft {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  list?: string[];
  closing?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value interpolated into HTML goes through this: user-chosen nicknames and names included. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** Renders a draft as a plain-text part and an HTML part with the same content. */
export function renderDraft(draft: MailDraft, say: (id: MessageId, values?: Record<string, string>) => string): RenderedMail {
  const closing = draft.closing ?? say('mail.closing');
  const text = [
    draft.greeting,
    ...draft.paragraphs,
    ...(draft.list?.length ? [draft.list.map((item) => `  - ${item}`).join('\n')] : []),
    ...(draft.action ? [`${draft.action.label}:\n${draft.action.url}`] : []),
    closing,
  ].join('\n\n');
  const paragraph = (content: string) => `<p style="margin:0 0 16px">${escapeHtml(content)}</p>`;
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(draft.subject)}</title></head>`,
    '<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2937;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;padding:24px">',
    paragraph(draft.greeting),
    ...draft.paragraphs.map(paragraph),
    ...(draft.list?.length ? [`<ul>${draft.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`] : []),
    ...(draft.action
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(draft.action.url)}" style="background:#3b82f6;color:#fff;padding:10px ` +
            `18px;border-radius:6px;text-decoration:none">${escapeHtml(draft.action.label)}</a></p>`,
          paragraph(say('mail.linkFallback', { url: draft.action.url })),
        ]
      : []),
    paragraph(closing),
    '</div></body></html>',
  ].join('\n');
  return { subject: draft.subject, text: `${text}\n`, html };
}
