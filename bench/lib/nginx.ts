/**
 * Debian's nginx on 127.0.0.1 serving a build folder the way our static server does: precompressed
 * .br files, directory index pages, the same cache and security headers. Runs from a temp
 * folder with its own config, pid file and logs; stop() ends exactly the master it started.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { descendants, sleep } from './proc.ts';

export interface NginxOptions {
  nginx: string;
  brotliModule: string | null;
  root: string;
  port: number;
  dir: string;
  workers: number;
}

export interface RunningNginx {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

export async function startNginx(o: NginxOptions): Promise<RunningNginx> {
  mkdirSync(join(o.dir, 'tmp'), { recursive: true });
  const security = [
    `add_header Content-Security-Policy "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'" always;`,
    'add_header X-Content-Type-Options nosniff always;',
    'add_header Referrer-Policy strict-origin-when-cross-origin always;',
    'add_header X-Frame-Options DENY always;',
    'add_header Permissions-Policy "camera=(), microphone=(), geolocation=()" always;',
  ];
  const conf = `
${o.brotliModule ? `load_module ${o.brotliModule};` : ''}
daemon off;
master_process on;
worker_processes ${o.workers};
pid ${join(o.dir, 'nginx.pid')};
error_log ${join(o.dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  charset utf-8;
  access_log ${join(o.dir, 'access.log')};
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 65;
  etag on;
  client_body_temp_path ${join(o.dir, 'tmp')};
  proxy_temp_path ${join(o.dir, 'tmp')};
  fastcgi_temp_path ${join(o.dir, 'tmp')};
  uwsgi_temp_path ${join(o.dir, 'tmp')};
  scgi_temp_path ${join(o.dir, 'tmp')};
  ${o.brotliModule ? 'brotli_static on;' : ''}
  server {
    listen 127.0.0.1:${o.port};
    root ${o.root};
    location /_astro/ {
      add_header Cache-Control "public, max-age=31536000, immutable";
      ${security.join('\n      ')}
    }
    location / {
      try_files $uri $uri/index.html $uri.html =404;
      add_header Cache-Control "public, max-age=0, must-revalidate";
      ${security.join('\n      ')}
    }
  }
}
`;
  const confFile = join(o.dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  // In the foreground (daemon off): the master is our child, so it cannot outlive a crash of ours unnoticed.
  const child = spawn(o.nginx, ['-c', confFile, '-p', o.dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exited) throw new Error(`nginx did not start: ${stderr.trim() || readLog(o.dir)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${o.port}/`, {
        method: 'HEAD',
        signal: AbortSignal.timeout(1000),
      });
      await res.body?.cancel();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error('nginx did not answer within 10 s');
      }
      await sleep(100);
    }
  }
  const pid = child.pid!;
  return {
    port: o.port,
    pid,
    async stop() {
      if (exited) return;
      const workers = descendants(pid);
      child.kill('SIGQUIT');
      for (let i = 0; i < 50 && !exited; i++) await sleep(100);
      if (exited) return;
      child.kill('SIGKILL');
      for (const w of workers) {
        try {
          process.kill(w, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    },
  };
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8').trim().split('\n').slice(-3).join(' / ');
  } catch {
    return '';
  }
}
