import type { NextConfig } from 'next';
import { headerRules } from './server/security-headers.mjs';

const nextConfig: NextConfig = {
  transpilePackages: ['@portal/contract', '@portal/charts'],
  poweredByHeader: false,
  reactStrictMode: true,
  // Every API path ends with '/' (Django REST Framework convention): never redirect '/api/x/' to
  // '/api/x'. /api/* itself is forwarded to API_URL by server/web-server.mjs, read at start.
  skipTrailingSlashRedirect: true,
  // Separate build folders let several checkouts' test runs build side by side (NEXT_DIST_DIR=.next-x).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Metadata (<title>, description, canonical) rendered in <head> for every client, not streamed for
  // browsers only: a page's HTML is then the same whoever asks, and is cached once (server/page-cache.mjs).
  htmlLimitedBots: /./,
  // HSTS, nosniff, DENY framing, referrer and permissions policies on every answer, static files and the
  // proxied /api/* included, but no X-Frame-Options on the embeds (/embed/…, which other sites frame); the
  // pages' Content-Security-Policy is set by server/page-cache.mjs.
  async headers() {
    return headerRules();
  },
};

export default nextConfig;
