import type { NextRequest } from 'next/server';
import { loadMapDocument } from '../../components/explorer/explorer-data.server';
import { mapSpecOf } from '../../components/explorer/map-document';
import { ApiError } from '../../lib/api.server';

/**
 * /mappa.svg?regione=…&provincia=…&anno=…&v=…: the explorer map's shapes and colours as an SVG document
 * (Italy's regions; with `regione` its provinces; with `provincia` too, the province's comuni). The pages
 * draw its paths with `<use>`, so the path data travels once and is cached by the browser: an address
 * whose `v` is the document's version never changes (a new import of the data gives another version).
 */
export const dynamic = 'force-dynamic';

const SVG = 'image/svg+xml; charset=utf-8';

export async function GET(request: NextRequest): Promise<Response> {
  const params = request.nextUrl.searchParams;
  const asked = mapSpecOf(params);
  if (!asked) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  let document: Awaited<ReturnType<typeof loadMapDocument>>;
  try {
    document = await loadMapDocument(asked.spec, asked.year);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) document = null;
    else {
      console.error(error);
      return new Response('Service unavailable', { status: 503, headers: { 'Cache-Control': 'no-store' } });
    }
  }
  if (!document) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const version = params.get('v');
  // The version asked is this content: cached for good. Another one (the data changed since the page was
  // drawn) or none: this content, revalidated.
  const cacheControl =
    version === document.version
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=0, must-revalidate';
  const headers = { 'Content-Type': SVG, 'Cache-Control': cacheControl, ETag: `"${document.version}"` };
  if (request.headers.get('if-none-match') === headers.ETag)
    return new Response(null, { status: 304, headers });
  return new Response(document.body, { headers });
}
