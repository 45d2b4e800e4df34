// The mark of a page rendered while some of its data could not be read (an API call failed and the page
// shows a fallback: "non è disponibile in questo momento", an empty list, a grey map). The element that
// shows the fallback carries `data-page-partial="<what>"`; the page cache (page-cache.mjs) finds it in the
// rendered HTML and keeps such a page only briefly (docs/decisions/053-shared-page-cache.md). One value
// for the two sides: the components (src/) and the server. Plain JavaScript without imports, so both can
// load it.
//
// The mark cannot be forged by what a page shows: React escapes `"` in text and attribute values
// (`&quot;`), and the React payload in the page's scripts writes it `\"`, so `data-page-partial="` with
// a bare quote is only ever an attribute that a component rendered.

/** The attribute of a fallback of a failed API call. */
export const PARTIAL_ATTRIBUTE = 'data-page-partial';

/** What the page cache looks for in a rendered page: the attribute as React writes it. */
const PARTIAL_MARK = ` ${PARTIAL_ATTRIBUTE}="`;

/**
 * The props that mark an element as the fallback of a failed API call, e.g.
 * `<p {...partialMark('rank')}>`; none when `partial` is false.
 * @param {string} what  which data are missing (a word, for whoever reads the HTML)
 * @param {boolean} [partial]
 * @returns {{ 'data-page-partial'?: string }}
 */
export function partialMark(what, partial = true) {
  return partial ? { [PARTIAL_ATTRIBUTE]: what } : {};
}

/**
 * Whether a rendered page carries the mark.
 * @param {string | Buffer} html
 */
export function isPartialPage(html) {
  return html.includes(PARTIAL_MARK);
}
