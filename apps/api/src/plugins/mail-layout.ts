import type { Mail } from './mailer';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The portal's name as every mail gives it (signature, default sender name: config.ts MAIL_FROM). */
export const PORTAL_NAME = 'Osservatorio Raccolta Differenziata';

/**
 * The placeholder origin of the portal's links in a queued mail. Mails are written into the outbox by
 * whoever causes them (the API, or an admin command run with another environment), with links on this
 * origin; the mail worker of the running API writes its own PUBLIC_URL in their place when it delivers
 * them (resolvePortalLinks), so every link a person receives points at the portal as it is configured.
 * `.invalid` is reserved (RFC 2606): no real address has it, and an unresolved link cannot reach anyone.
 */
export const PORTAL_ORIGIN = 'https://portale.invalid';

/** A link to a page of the portal, as queued mails carry it: `portalLink('/', { flow: 'login' })`. */
export function portalLink(path: string, params: Record<string, string> = {}, hash = ''): string {
  const url = new URL(path, PORTAL_ORIGIN);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.hash = hash;
  return url.toString();
}

/**
 * The portal's links of a queued mail (text or HTML) on `publicUrl`'s origin. Mails queued before links
 * were queued this way already carry absolute links and stay as they are.
 */
export function resolvePortalLinks(body: string, publicUrl: string): string {
  return body.replaceAll(PORTAL_ORIGIN, new URL(publicUrl).origin);
}

export interface MailContent {
  subject: string;
  /** Paragraphs of plain text; each is escaped into a <p> of the HTML version. */
  paragraphs: string[];
  /** An optional call to action (a portalLink): the link is written in full in the text version. */
  action?: { label: string; url: string };
}

const SIGNATURE = `Il team dell'${PORTAL_NAME}`;

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
<p style="color:#555">${escapeHtml(SIGNATURE)}</p>
</body></html>`;
  return { to, subject: content.subject, text, html };
}
