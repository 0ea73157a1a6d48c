/**
 * The config of Debian's nginx serving a plain copy of a build folder, for the bench's baseline:
 * precompressed .br files, directory index pages, the same cache and security headers, nothing
 * proxied. The generated config of the site (`npm run nginx-config`) is measured beside it on the
 * live tree itself.
 */
import { join } from 'node:path';
import { CACHE_CONTROL, SECURITY_HEADERS } from '../../src/server/publish/site-headers.ts';

export interface PlainNginxOptions {
  brotliModule: string | null;
  root: string;
  port: number;
  workers: number;
}

export function plainNginxConfig(o: PlainNginxOptions): string {
  const headers = Object.entries(SECURITY_HEADERS)
    .map(([k, v]) => `add_header ${k} "${v}" always;`)
    .join('\n      ');
  return `
${o.brotliModule ? `load_module ${o.brotliModule};` : ''}
worker_processes ${o.workers};
pid nginx.pid;
error_log error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  charset utf-8;
  access_log access.log;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 65;
  etag on;
  client_body_temp_path client_body_temp;
  proxy_temp_path proxy_temp;
  fastcgi_temp_path fastcgi_temp;
  uwsgi_temp_path uwsgi_temp;
  scgi_temp_path scgi_temp;
  ${o.brotliModule ? 'brotli_static on;' : ''}
  server {
    listen 127.0.0.1:${o.port};
    root ${o.root};
    location /_astro/ {
      add_header Cache-Control "${CACHE_CONTROL.immutable}";
      ${headers}
    }
    location / {
      try_files $uri $uri/index.html $uri.html =404;
      add_header Cache-Control "${CACHE_CONTROL.page}";
      ${headers}
    }
  }
}
`;
}

/** Where the bench's nginx instances keep their pid, logs and temporary files. */
export const nginxPrefix = (tmp: string, name: string) => join(tmp, `nginx-${name}`);
