import 'server-only';
import { cookies } from 'next/headers';
import {
  ApiError,
  callApi,
  LOCALE_COOKIE,
  visitorHeaders,
  type ApiAdapter,
  type ApiPath,
  type Query,
  type ResponseParser,
} from './api';
import { webEnv } from './env.server';
import { TOKEN_COOKIE } from '@portal/contract/lite';

/**
 * The API client's server adapter (SSR and server actions): API_URL, the X-API-Token of server-to-server
 * calls, and the visitor's token and language from the request's cookies. The browser never imports this
 * module: it reads API_TOKEN, which must not reach the client bundle.
 */

export { ApiError };
export type { ResponseParser };

export function getApiUrl(): string {
  return webEnv().API_URL.replace(/\/+$/, '');
}

const serverAdapter: ApiAdapter = {
  baseUrl: getApiUrl,
  async headers() {
    const jar = await cookies();
    const headers = visitorHeaders(jar.get(LOCALE_COOKIE)?.value, jar.get(TOKEN_COOKIE)?.value);
    const apiToken = webEnv().API_TOKEN;
    return apiToken ? { ...headers, 'X-API-Token': apiToken } : headers;
  },
  init: {},
  timeoutMs: 10_000,
};

/**
 * GET an API path and parse the JSON answer with a contract schema. Throws ApiError when the API is
 * unreachable, answers non-2xx, or breaks the contract.
 */
export function apiGet<T>(path: ApiPath, schema: ResponseParser<T>, query?: Query): Promise<T> {
  return callApi(serverAdapter, 'GET', path, { schema, query });
}
