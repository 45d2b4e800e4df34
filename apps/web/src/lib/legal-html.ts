import sanitizeHtml from 'sanitize-html';
import type { LegalDocument } from '../content/legal';

/** Pure helpers of the legal pages (see legal.server.ts): the service URL and the sanitizer. */

export function legalTextUrl(base: string, document: LegalDocument): string {
  if (base.includes('{document}')) return base.replaceAll('{document}', document);
  return `${base.replace(/\/+$/, '')}/${document}`;
}

export function sanitizeLegalHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h2', 'h3', 'h4'],
    allowedAttributes: { a: ['href', 'name', 'target', 'rel'], '*': ['id'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    // the page has its own h1
    transformTags: {
      h1: 'h2',
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    },
  });
}
