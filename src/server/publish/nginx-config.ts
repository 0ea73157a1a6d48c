import { join, resolve } from 'node:path';
import { DEFAULT_ASSOCIATION } from '../db/default-association.ts';
import { bodyLimitClasses } from '../http/body-limits.ts';
import { dataPaths } from '../ops/data-paths.ts';
import { MIN_COMPRESS_BYTES, compressible } from './compress-build.ts';
import {
  CACHE_CONTROL,
  DEFAULT_TYPE,
  FILE_TYPES,
  HSTS,
  IMMUTABLE_FOLDER,
  SECURITY_HEADERS,
} from './site-headers.ts';
import { LIVE_LINK } from './site-store.ts';

/** Debian's brotli_static module (`libnginx-mod-http-brotli-static`). */
export const DEBIAN_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface NginxConfigOptions {
  /** the server's data folder (`DATA_DIR`): the live build's tree is `builds/live` in it */
  dataDir: string;
  /** where the Node server listens (`HOST:PORT`): the API, the console, uploads, CSV, and misses */
  app: string;
  /** where nginx listens (`HOST:PORT` or a port) */
  listen: string;
  /** the brotli_static module to load; null: none (nginx then sends gzip or the bytes as they are) */
  brotliModule?: string | null;
  /** the user nginx's workers run as when it starts as root (they must be able to read the data folder) */
  user?: string;
  workers?: number | 'auto';
}

/** Paths the Node server answers, never files of a build. */
const appPrefixes = () => [
  '/api/',
  '/admin',
  '/uploads/',
  `/${DEFAULT_ASSOCIATION.path}/csv/`,
  '/login',
  '/league/',
];

/** A header value in nginx's quoting. */
const quoted = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/** The types nginx sends with `; charset=utf-8` (text/html always is: nginx warns if listed). */
const typesOf = (exts: Iterable<string>) =>
  [...new Set([...exts].map((ext) => FILE_TYPES[ext]?.type).filter(Boolean))].filter(
    (type) => type !== 'text/html',
  );

/**
 * A whole nginx.conf that serves the live build's tree of a data folder as the Node server serves
 * it (the same bodies, types, `Cache-Control`, security headers, brotli where stored, gzip made
 * for the clients without brotli) and hands everything else to the Node server: the API, the
 * console, uploads, CSV downloads, and any address the tree has no file for (the `_redirects`
 * rules and the 404 page, which the server answers from the live build). For
 * `nginx -p PREFIX -c FILE`: its pid, logs and temporary files are in PREFIX.
 *
 * The root is the `live` link itself: every answer is one file opened once, so it comes whole
 * from one build while `live` is switched, and a file a new build lacks goes to the server like
 * any miss. `X-Build` names the build on HEAD requests only (`curl -sI`): resolving the link on
 * every request took half of nginx's rate on the bench.
 * See docs/deploy.md §9 and docs/decisions/139.
 */
export function nginxConfig(o: NginxConfigOptions): string {
  const live = join(resolve(dataPaths(o.dataDir).builds), LIVE_LINK);
  const brotli = o.brotliModule === undefined ? DEBIAN_BROTLI_MODULE : o.brotliModule;
  const maxBody = Math.ceil(Math.max(...bodyLimitClasses.map((c) => c.maxBytes)) / 1024 / 1024);
  const headers = (cacheControl: string) =>
    [
      `add_header Cache-Control ${quoted(cacheControl)};`,
      'add_header X-Build $sbsa_build;',
      ...Object.entries(SECURITY_HEADERS).map(([k, v]) => `add_header ${k} ${quoted(v)} always;`),
      ...Object.keys(HSTS).map((k) => `add_header ${k} $sbsa_hsts always;`),
    ].join('\n      ');
  // only the tree's files: what is proxied goes out as the server made it
  const files = (cacheControl: string, tryFiles: string) => `${headers(cacheControl)}
      # precompressed brotli where the tree has it, gzip made for the clients without brotli
      brotli_static ${brotli ? 'on' : 'off'};
      gzip on;
      gzip_vary on;
      gzip_proxied any;
      gzip_comp_level 6;
      gzip_min_length ${MIN_COMPRESS_BYTES};
      gzip_types ${typesOf(compressible).join(' ')};
      charset utf-8;
      charset_types ${typesOf(Object.keys(FILE_TYPES).filter((ext) => FILE_TYPES[ext].charset)).join(' ')};
      ${tryFiles}
      # another method than GET or HEAD: the server's answer (405 with Allow)
      error_page 405 = @app;`;
  // a missing bundle: the server's 404 page, with no try_files (one look-up less for every hit)
  const missingBundle = 'error_page 404 = @app;\n      log_not_found off;';
  const types = Object.entries(FILE_TYPES)
    .map(([ext, { type }]) => `${type} ${ext.slice(1)};`)
    .join('\n    ');
  const proxied = appPrefixes()
    .map((prefix) => `    location ^~ ${prefix} {\n      proxy_pass http://sbsa_app;\n    }`)
    .join('\n');
  return `# nginx for the SBSA league portal, made by \`npm run nginx-config\` (docs/deploy.md §9).
# It serves the live build's files from ${live}
# and sends everything else to the Node server at ${o.app}.
# Run: nginx -p PREFIX -c FILE (pid, logs and temporary files in PREFIX).
${brotli ? `load_module ${brotli};\n` : ''}${o.user ? `user ${o.user};\n` : ''}worker_processes ${o.workers ?? 'auto'};
pid nginx.pid;
error_log error.log warn;

events {
  worker_connections 1024;
}

http {
  server_tokens off;
  access_log access.log;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  # a proxy or CDN in front keeps its connections: nginx's default closes one every 1,000 answers
  keepalive_requests 10000;
  client_max_body_size ${maxBody}m;
  client_body_temp_path client_body_temp;
  proxy_temp_path proxy_temp;
  fastcgi_temp_path fastcgi_temp;
  uwsgi_temp_path uwsgi_temp;
  scgi_temp_path scgi_temp;

  # the site's file types (src/server/publish/site-headers.ts)
  types {
    ${types}
  }
  default_type ${DEFAULT_TYPE};

  # HTTPS as the proxy or CDN in front says, as the Node server reads it
  map $http_x_forwarded_proto $sbsa_proto {
    default $scheme;
    https https;
  }
  map $sbsa_proto $sbsa_hsts {
    default "";
    https ${quoted(Object.values(HSTS)[0])};
  }
  # the build a HEAD request was answered from: the name of the live tree, resolved
  # only when asked for
  map $request_method $sbsa_build {
    default "";
    HEAD $sbsa_tree;
  }
  map $realpath_root $sbsa_tree {
    default "";
    "~/(?<id>[^/]+)$" $id;
  }

  upstream sbsa_app {
    server ${o.app};
    keepalive 16;
  }

  server {
    listen ${o.listen};
    root ${live};

    # a proxy on this machine in front (TLS, docs/deploy.md §7) names the client; the server
    # takes the last address of X-Forwarded-For, which is then the client's, not the proxy's
    set_real_ip_from 127.0.0.1;
    set_real_ip_from ::1;
    real_ip_header X-Forwarded-For;

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $sbsa_proto;
    proxy_set_header X-Request-Id $request_id;
    proxy_read_timeout 120s;

    location / {
      ${files(CACHE_CONTROL.page, 'try_files $uri $uri/index.html $uri.html @app;')}
    }
    location /${IMMUTABLE_FOLDER} {
      ${files(CACHE_CONTROL.immutable, missingBundle)}
    }
    # the redirect rules are the server's (a .br beside a file is sent as the file it is: a
    # regular expression here cost nginx a tenth of its rate)
    location = /_redirects {
      proxy_pass http://sbsa_app;
    }
${proxied}
    location @app {
      proxy_pass http://sbsa_app;
    }
  }
}
`;
}
