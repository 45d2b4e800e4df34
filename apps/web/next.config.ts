import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  transpilePackages: ['@portal/contract', '@portal/charts'],
  poweredByHeader: false,
  reactStrictMode: true,
  // Every API path ends with '/' (Django REST Framework convention): never redirect '/api/x/' to
  // '/api/x'. /api/* itself is forwarded to API_URL by src/proxy.ts, read at start rather than at build.
  skipTrailingSlashRedirect: true,
  // Separate build folders let several checkouts' test runs build side by side (NEXT_DIST_DIR=.next-x).
  distDir: process.env.NEXT_DIST_DIR || '.next',
};

export default nextConfig;
