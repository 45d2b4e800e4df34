import type { FastifyRequest } from 'fastify';

/**
 * Absolute next/previous links, as Django REST Framework's page-number pagination gives them. They are
 * built only from trusted parts: the configured public origin (the web app there proxies /api/ to the
 * API), the route and the validated query. The bodies are cached and served `public` to everyone, so
 * nothing of the raw request (Host, X-Forwarded-*, the URL as spelled) may reach them: finding 6 of
 * docs/security.md.
 */
export function pageLinks(
  publicUrl: string,
  req: FastifyRequest,
  count: number,
  query: { page: number; pageSize: number } & Record<string, unknown>,
): { next: string | null; previous: string | null } {
  // The route's pattern with its path parameters filled in; never the request's own path.
  const params = req.params as Record<string, unknown>;
  const path = (req.routeOptions.url ?? '/')
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])))
    .replace(/\/{2,}/g, '/');
  const linkTo = (p: number) => {
    const u = new URL(path, publicUrl);
    // Sorted and as parsed (page=0002 is 2, blanks around a search trimmed): one link per query.
    for (const key of Object.keys(query).sort()) {
      const value = key === 'page' ? p : query[key];
      if (value === undefined || value === null || (key === 'page' && p === 1)) continue;
      u.searchParams.set(key, String(value));
    }
    return u.toString();
  };
  const lastPage = Math.max(1, Math.ceil(count / query.pageSize));
  return {
    next: query.page < lastPage ? linkTo(query.page + 1) : null,
    previous: query.page > 1 ? linkTo(Math.min(query.page - 1, lastPage)) : null,
  };
}
