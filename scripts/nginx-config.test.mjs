import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findNginx, nginxConfig, renderTemplate } from './nginx-config.mjs';

const NGINX = findNginx();
const CI = process.env.CI === 'true' || process.env.CI === '1';

describe("nginx's configuration of `npm run cluster` (deploy/nginx.conf.template)", () => {
  it('refuses a placeholder it is not given, and a value the template has no place for', () => {
    expect(renderTemplate('a {{x}} b', { x: '1' })).toBe('a 1 b');
    expect(() => renderTemplate('a {{x}} {{y}}', { x: '1' })).toThrow('unknown placeholder {{y}}');
    expect(() => renderTemplate('a {{x}}', { x: '1', z: '2' })).toThrow('no placeholder for z');
  });

  it('names every process as an upstream server, and the two listening ports', () => {
    const conf = nginxConfig({
      prefix: '/srv/cluster',
      listen: '8080',
      internalListen: '127.0.0.1:8090',
      apiServers: ['127.0.0.1:8000', '127.0.0.1:8001', '10.0.0.12:8000'],
      webServers: ['127.0.0.1:3000', '127.0.0.1:3001'],
    });
    const upstream = (name) => new RegExp(`upstream ${name} \\{([^}]*)\\}`).exec(conf)?.[1] ?? '';
    expect(upstream('portal_api').match(/server [\d.]+:\d+/g)).toEqual([
      'server 127.0.0.1:8000',
      'server 127.0.0.1:8001',
      'server 10.0.0.12:8000',
    ]);
    expect(upstream('portal_web').match(/server 127\.0\.0\.1:\d+/g)).toEqual([
      'server 127.0.0.1:3000',
      'server 127.0.0.1:3001',
    ]);
    expect(conf).toContain('listen 8080;');
    expect(conf).toContain('listen 127.0.0.1:8090;');
    expect(conf).not.toMatch(/\{\{|^user /m);
    // nginx inherits proxy_set_header only where a level sets none: each server must say Connection ""
    // (keep-alive upstreams) and Host itself, since each sets its own X-Forwarded-For.
    const servers = conf.split(/\n {4}server \{/).slice(1);
    expect(servers).toHaveLength(2);
    for (const server of servers) {
      expect(server).toContain('proxy_set_header Connection "";');
      expect(server).toContain('proxy_set_header Host $http_host;');
      expect(server).toMatch(/proxy_set_header X-Forwarded-For \$(remote_addr|proxy_add_x_forwarded_for);/);
    }
    expect(conf.split(/\n {4}server \{/)[0]).not.toMatch(/^ *proxy_set_header/m);
    expect(
      nginxConfig({
        prefix: '/p',
        listen: '1',
        internalListen: '2',
        apiServers: ['h:3'],
        webServers: ['h:4'],
        user: 'root',
      }),
    ).toMatch(/^user root;$/m);
  });

  it('limits the requests of each client address: pages and API calls, not the build files nor loopback', () => {
    const conf = nginxConfig({
      prefix: '/p',
      listen: '8080',
      internalListen: '127.0.0.1:8090',
      apiServers: ['127.0.0.1:8000'],
      webServers: ['127.0.0.1:3000'],
    });
    const location = (path) => new RegExp(`\\n {8}location ${path} \\{([^}]*)\\}`).exec(conf)?.[1] ?? '';
    expect(conf).toMatch(/limit_req_zone \$portal_rate_key zone=portal_pages:\d+m rate=\d+r\/s;/);
    expect(conf).toMatch(/limit_req_zone \$portal_rate_key zone=portal_api:\d+m rate=\d+r\/s;/);
    expect(conf).toContain('limit_req_status 429;');
    expect(location('/')).toMatch(/limit_req zone=portal_pages burst=\d+ nodelay;/);
    expect(location('/')).toContain('error_page 429 = @web_too_many;');
    expect(location('/api/')).toMatch(/limit_req zone=portal_api burst=\d+ nodelay;/);
    expect(location('/api/')).toContain('error_page 429 = @api_too_many;');
    expect(location('/_next/static/')).toContain('proxy_pass http://portal_web;');
    expect(location('/_next/static/')).not.toContain('limit_req');
    // The web processes' calls to the API (the internal listener) are never limited.
    const internal = conf.split(/\n {4}server \{/)[2] ?? '';
    expect(internal).toContain('listen 127.0.0.1:8090;');
    expect(internal).not.toContain('limit_req');
    // Loopback clients have an empty key, which nginx does not count.
    const geo = /geo \$portal_rate_limited \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(geo).toMatch(/127\.0\.0\.0\/8 0;/);
    expect(geo).toMatch(/::1 0;/);
    expect(conf).toMatch(
      /map \$portal_rate_limited \$portal_rate_key \{\s*0 "";\s*default \$binary_remote_addr;\s*\}/,
    );
    // Refused in the portal's shapes, in Italian, with Retry-After.
    expect(conf).toMatch(
      /location @web_too_many \{[^}]*Retry-After[^}]*return 429 '<!doctype html><html lang="it">/,
    );
    expect(conf).toMatch(
      /location @api_too_many \{[^}]*Retry-After[^}]*return 429 '\{"detail":"Troppe richieste/,
    );
  });

  // Under CI nginx is installed by .ci/run; elsewhere the check needs it.
  it.skipIf(!NGINX && !CI)('is accepted by nginx -t', () => {
    const prefix = mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
    try {
      for (const dir of ['temp/body', 'temp/proxy', 'temp/fastcgi', 'temp/uwsgi', 'temp/scgi'])
        mkdirSync(path.join(prefix, dir), { recursive: true });
      const file = path.join(prefix, 'nginx.conf');
      const asRoot = process.getuid?.() === 0;
      writeFileSync(
        file,
        nginxConfig({
          prefix,
          listen: '18080',
          internalListen: '127.0.0.1:18090',
          apiServers: ['127.0.0.1:18000', '127.0.0.1:18001'],
          webServers: ['127.0.0.1:13000', '127.0.0.1:13001'],
          user: asRoot ? os.userInfo().username : null,
        }),
      );
      const res = spawnSync(NGINX ?? 'nginx', ['-t', '-p', prefix, '-c', file, '-e', 'stderr'], {
        encoding: 'utf8',
      });
      expect(res.stderr).toContain('syntax is ok');
      expect(res.status).toBe(0);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });

  it('is printed for processes on other machines by npm run nginx-config', () => {
    const res = spawnSync(
      process.execPath,
      [
        path.join(import.meta.dirname, 'nginx-config.mjs'),
        '--api',
        '10.0.0.11:8000,10.0.0.12:8000',
        '--web',
        '10.0.0.21:3000',
        '--listen',
        '10.0.0.5:80',
        '--internal-listen',
        '10.0.0.5:8090',
      ],
      { encoding: 'utf8' },
    );
    expect(res.status).toBe(0);
    expect(res.stdout).toContain('server 10.0.0.11:8000 max_fails=2 fail_timeout=5s;');
    expect(res.stdout).toContain('server 10.0.0.21:3000 max_fails=2 fail_timeout=5s;');
    expect(res.stdout).toContain('listen 10.0.0.5:80;');
    expect(res.stdout).toMatch(/^user www-data;$/m);
    const bad = spawnSync(
      process.execPath,
      [path.join(import.meta.dirname, 'nginx-config.mjs'), '--api', 'x', '--web', 'y:1'],
      {
        encoding: 'utf8',
      },
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('not host:port: x');
  });
});
