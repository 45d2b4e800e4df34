import { describe, expect, it } from 'vitest';
import { legalTextUrl, sanitizeLegalHtml } from './legal-html';

describe('legal texts', () => {
  it('builds the service URL from a {document} template or as a path segment', () => {
    expect(legalTextUrl('https://legal.example/api/{document}.json', 'cookie-policy')).toBe(
      'https://legal.example/api/cookie-policy.json',
    );
    expect(legalTextUrl('https://legal.example/texts/', 'privacy-policy')).toBe(
      'https://legal.example/texts/privacy-policy',
    );
  });

  it('drops scripts, styles and event handlers, demotes h1 and protects links', () => {
    const html = sanitizeLegalHtml(
      '<h1>Titolo</h1><script>alert(1)</script><style>p{}</style><p onclick="x()">Testo <a href="javascript:alert(1)">a</a> <a href="https://example.org" target="_blank">b</a></p><img src=x onerror=alert(1)>',
    );
    expect(html).toBe(
      '<h2>Titolo</h2><p>Testo <a rel="noopener noreferrer">a</a> <a href="https://example.org" target="_blank" rel="noopener noreferrer">b</a></p>',
    );
  });
});
