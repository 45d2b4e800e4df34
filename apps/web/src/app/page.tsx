import type { Metadata } from 'next';
import { RegionOverview } from '../components/region-overview';
import { messages } from '../lib/messages';

// Rendered per request from the API; never prerendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  // The layout's title template applies to nested segments only, not to pages of the root segment.
  title: { absolute: `${messages.home.metaTitle} | ${messages.portalName}` },
  description: messages.home.metaDescription,
};

export default function HomePage() {
  return <RegionOverview />;
}
