import type { App } from '../src/app';

export interface RouteInfo {
  method: string;
  /** The path as registered, with fastify's `:param` placeholders (and `*` for a wildcard). */
  path: string;
}

/**
 * Every route the app serves, read from fastify's own route tree (printRoutes), so a route added
 * tomorrow is listed without touching the tests. HEAD routes that fastify adds for each GET are left out.
 */
export function listRoutes(app: App): RouteInfo[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RouteInfo[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = [...match[1]!].length / 4;
    const path = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method, path });
    }
  }
  if (routes.length === 0) throw new Error(`no route found in:\n${tree}`);
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** "GET /api/cities/city/:id/": the key of a route in the tests' tables. */
export const routeKey = (r: RouteInfo) => `${r.method} ${r.path}`;

/** The part of JSON Schema the API reference uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

export interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The OpenAPI operation of a route ({id} placeholders), when the API reference documents it. */
export function openApiOperation(app: App, route: RouteInfo): OpenApiOperation | undefined {
  const doc = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const path = route.path.replace(/:(\w+)/g, '{$1}');
  return doc.paths?.[path]?.[route.method.toLowerCase()];
}
