// nginx's configuration for `npm run cluster`, written from deploy/nginx.conf.template.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEMPLATE = fileURLToPath(new URL('../deploy/nginx.conf.template', import.meta.url));

/** nginx's binary: NGINX_BIN, else nginx on PATH, else Debian's /usr/sbin/nginx; null when none exists. */
export function findNginx() {
  if (process.env.NGINX_BIN) return existsSync(process.env.NGINX_BIN) ? process.env.NGINX_BIN : null;
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin']) {
    const candidate = path.join(dir, 'nginx');
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

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
 * nginx's configuration for the portal's processes.
 * @param {{ prefix: string, listen: string, internalListen: string, apiServers: string[],
 *   webServers: string[], user?: string | null, template?: string }} options
 *   prefix: nginx's folder (temp files, pid, access logs); listen: the public address (`8080`,
 *   `10.0.0.5:80`); internalListen: the address the web processes call the API on (`127.0.0.1:8090`);
 *   apiServers / webServers: `host:port` of each process; user: the workers' user, when nginx starts as
 *   root (otherwise the directive is not allowed).
 */
export function nginxConfig({
  prefix,
  listen,
  internalListen,
  apiServers,
  webServers,
  user = null,
  template,
}) {
  // A process that fails twice within 5 s is left out for 5 s, then tried again.
  const upstream = (servers) =>
    servers.map((server) => `        server ${server} max_fails=2 fail_timeout=5s;`).join('\n');
  return renderTemplate(template ?? readFileSync(TEMPLATE, 'utf8'), {
    user: user ? `user ${user};` : '',
    worker_processes: 'auto',
    prefix,
    listen,
    internal_listen: internalListen,
    api_servers: upstream(apiServers),
    web_servers: upstream(webServers),
  });
}

const USAGE = `Usage: npm run -s nginx-config -- --api HOST:PORT,… --web HOST:PORT,… [--listen ADDR] [--internal-listen ADDR] [--prefix DIR] [--user NAME]

Prints nginx's configuration for API and web processes on any machines (what npm run cluster writes for
its own processes on this one): the same template, with remote upstreams.
  --api / --web       the processes, comma-separated host:port
  --listen            the public address (default 80)
  --internal-listen   where the web processes reach the API through nginx (default 127.0.0.1:8090; on
                      another machine than the web processes, an address they can reach)
  --prefix            nginx's folder: temp files, pid, access logs (default /var/lib/portal-nginx)
  --user              the workers' user when nginx starts as root (default www-data)`;

// As a command: `npm run -s nginx-config -- …` (docs/operations.md, "Several machines").
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { parseArgs } = await import('node:util');
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        api: { type: 'string' },
        web: { type: 'string' },
        listen: { type: 'string', default: '80' },
        'internal-listen': { type: 'string', default: '127.0.0.1:8090' },
        prefix: { type: 'string', default: '/var/lib/portal-nginx' },
        user: { type: 'string', default: 'www-data' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : err}\n${USAGE}\n`);
    process.exit(2);
  }
  const servers = (list) =>
    (list ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  const bad = [...servers(values.api), ...servers(values.web)].filter(
    (x) => !/^[\w.[\]:-]+:\d{1,5}$/.test(x),
  );
  if (values.help || !values.api || !values.web || bad.length) {
    if (bad.length) process.stderr.write(`not host:port: ${bad.join(', ')}\n`);
    process.stderr.write(`${USAGE}\n`);
    process.exit(values.help ? 0 : 2);
  }
  process.stdout.write(
    nginxConfig({
      prefix: values.prefix,
      listen: values.listen,
      internalListen: values['internal-listen'],
      apiServers: servers(values.api),
      webServers: servers(values.web),
      user: values.user,
    }),
  );
}
