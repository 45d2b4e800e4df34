import type { Mail } from './mailer';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailContent {
  subject: string;
  /** Paragraphs of plain text; each is escaped into a <p> of the HTML version. */
  paragraphs: string[];
  /** An optional call to action: the link is written in full in the text version. */
  action?: { label: string; url: string };
}

const SIGNATURE = 'Il team del Portale della raccolta differenziata';

/** One look for every message: Italian, HTML and plain text with the same content. */
export function renderMail(to: string, content: MailContent): Mail {
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    `--\n${SIGNATURE}`,
  ].join('\n\n');
  const button = content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 16px;background:#00703c;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:12px;color:#555">Se il pulsante non funziona, copia questo indirizzo nel browser:<br>${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:16px">
${content.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
${button}
<p style="color:#555">${SIGNATURE}</p>
</body></html>`;
  return { to, subject: content.subject, text, html };
}
