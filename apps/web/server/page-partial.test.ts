import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isPartialPage, partialMark } from './page-partial.mjs';

describe('the partial page mark', () => {
  it('is found in the HTML React renders for a marked element, as a string or bytes', () => {
    const html = renderToStaticMarkup(createElement('p', partialMark('rank'), 'non disponibile'));
    expect(html).toBe('<p data-page-partial="rank">non disponibile</p>');
    expect(isPartialPage(html)).toBe(true);
    expect(isPartialPage(Buffer.from(`<html><body>${html}</body></html>`))).toBe(true);
    expect(renderToStaticMarkup(createElement('p', partialMark('rank', false), 'ok'))).toBe('<p>ok</p>');
  });

  it('cannot be forged by what a page shows: text, attribute values, the React payload', () => {
    const forged = '<p data-page-partial="x"> data-page-partial="x"';
    const html = renderToStaticMarkup(createElement('a', { href: `/?q=${forged}`, title: forged }, forged));
    expect(isPartialPage(html)).toBe(false);
    // Next.js writes the React payload as a JSON string inside self.__next_f.push([1, "…"]).
    expect(isPartialPage(JSON.stringify(JSON.stringify(['$', 'p', null, { children: forged }])))).toBe(false);
    expect(isPartialPage('<p>Pagina whole</p>')).toBe(false);
  });
});
