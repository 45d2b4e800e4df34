import 'server-only';
import { bundledLegalTexts, type LegalDocument } from '../content/legal';
import { webEnv } from './env.server';
import { legalTextUrl, sanitizeLegalHtml } from './legal-html';

/**
 * Legal texts (terms, privacy, cookie) from the legal-text service when LEGAL_TEXT_URL is set — an
 * iubenda-style endpoint answering JSON `{content: "<html>"}` — else the bundled Italian texts.
 * LEGAL_TEXT_URL may hold `{document}` (replaced by terms-and-conditions, privacy-policy or
 * cookie-policy); without it the document is appended as a path segment. Fetched HTML is sanitized
 * and cached for an hour; any failure falls back to the bundled text.
 */

const TIMEOUT_MS = 5_000;

async function fetchLegalText(document: LegalDocument): Promise<string | null> {
  const base = webEnv().LEGAL_TEXT_URL;
  if (!base) return null;
  try {
    const response = await fetch(legalTextUrl(base, document), {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      next: { revalidate: 3600 },
    });
    if (!response.ok) return null;
    const data = (await response.json()) as unknown;
    const content =
      typeof data === 'object' && data !== null ? (data as { content?: unknown }).content : undefined;
    return typeof content === 'string' && content.trim() ? content : null;
  } catch {
    return null;
  }
}

export async function getLegalHtml(document: LegalDocument): Promise<string> {
  const fetched = await fetchLegalText(document);
  return sanitizeLegalHtml(fetched ?? bundledLegalTexts[document]);
}
