import type { MetadataRoute } from 'next';
import { publicOrigin, sitemapEntries } from '../lib/seo';
import { loadSitemapGeo } from '../lib/seo.server';

// Built from the API when asked for (the comuni come from the database), with PUBLIC_URL of the running app.
export const dynamic = 'force-dynamic';

/** /sitemap.xml: the home page (Italy), every region, province and comune, and the public pages. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  return sitemapEntries(publicOrigin(), await loadSitemapGeo());
}
