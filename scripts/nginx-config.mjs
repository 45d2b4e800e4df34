// nginx's configuration for `npm run cluster`, written from deploy/nginx.conf.template.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEMPLATE = fileURLToPath(new URL('../deploy/nginx.conf.template', import.meta.url));

/**
 * The template with every {{name}} replaced. A name the template uses that is not given, or one given
 * that the template does not use, is an error: the generated file is always complete.
 * @param {string} template
 * @param {Record<string, string>} values
 */
export function renderTemplate(template, values) {
  const used = new Set();
  const out = template.replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!Object.hasOwn(values, name))
      throw new Error(`${path.basename(TEMPLATE)}: unknown placeholder {{${name}}}`);
    used.add(name);
    return values[name];
  });
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length) throw new Error(`${path.basename(TEMPLATE)}: no placeholder for ${unused.join(', ')}`);
  return out;
}

/**
 * The configuration of a cluster on this machine.
 * @param {{ prefix: string, publicPort: number, internalPort: number, apiPorts: number[],
 *   webPorts: number[], user?: string | null, template?: string }} options
 *   prefix: nginx's folder (temp files, pid, access log); user: the workers' user, when nginx starts as
 *   root (otherwise the directive is not allowed).
 */
export function nginxConfig({ prefix, publicPort, internalPort, apiPorts, webPorts, user = null, template }) {
  // A process that fails twice within 5 s is left out for 5 s, then tried again.
  const upstream = (portList) =>
    portList.map((port) => `        server 127.0.0.1:${port} max_fails=2 fail_timeout=5s;`).join('\n');
  return renderTemplate(template ?? readFileSync(TEMPLATE, 'utf8'), {
    user: user ? `user ${user};` : '',
    worker_processes: 'auto',
    prefix,
    listen: String(publicPort),
    internal_listen: `127.0.0.1:${internalPort}`,
    api_servers: upstream(apiPorts),
    web_servers: upstream(webPorts),
  });
}
