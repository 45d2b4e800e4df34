'use client';

import { useEffect, useState } from 'react';
import type { ApiPath, Query } from '../../lib/api';
import { errorMessages } from '../../lib/api-errors';
import { apiRequest, toNormalizedError, type ResponseParser } from '../../lib/api.client';

export type ListState<T> =
  { state: 'loading' } | { state: 'error'; errors: string[] } | { state: 'ready'; data: T };

/** The query as a string, the key of what was asked: undefined and empty values are left out. */
function queryKey(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/**
 * A GET of the API, asked again whenever its query or `version` changes (a decision bumps it). While the
 * next answer is on its way the last one stays on screen (`stale`), so a table keeps its place; an answer
 * to a question no longer asked is dropped.
 */
export function useApiList<T>(
  path: ApiPath,
  schema: ResponseParser<T>,
  query: Query,
  version: number,
): { list: ListState<T>; stale: boolean } {
  const key = `${queryKey(query)}#${version}`;
  const [loaded, setLoaded] = useState<{ key: string; list: ListState<T> } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const asked = Object.fromEntries(new URLSearchParams(key.slice(0, key.lastIndexOf('#'))));
    apiRequest('GET', path, { schema, query: asked, signal: controller.signal }).then(
      (data) => {
        if (!controller.signal.aborted) setLoaded({ key, list: { state: 'ready', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ key, list: { state: 'error', errors: errorMessages(toNormalizedError(error)) } });
      },
    );
    return () => controller.abort();
  }, [path, schema, key]);

  if (!loaded) return { list: { state: 'loading' }, stale: false };
  return { list: loaded.list, stale: loaded.key !== key };
}
