import type { MetadataRoute } from 'next';
import { PRIVATE_PATHS } from '../components/shell/private-paths';
import { publicOrigin } from '../lib/seo';

// PUBLIC_URL is read when the file is asked for, not frozen at build time.
export const dynamic = 'force-dynamic';

/** /robots.txt: everything but the API and the private area; where the sitemap is. */
export default function robots(): MetadataRoute.Robots {
  const origin = publicOrigin();
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', ...PRIVATE_PATHS] },
    sitemap: new URL('/sitemap.xml', origin).toString(),
  };
}
