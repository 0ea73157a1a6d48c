export const openApiConfig = {
  openapi: '3.1.0',
  info: {
    title: 'SBSA 리그 포털 API',
    version: '1.0.0',
    license: { name: 'MIT', identifier: 'MIT' },
    description:
      '모든 응답은 `{ ok: true, data }` 또는 `{ ok: false, message, errors? }` 형식입니다. ' +
      '인증이 필요한 호출은 `Authorization: Bearer {accessToken}` 헤더를 보냅니다. 쿠키는 쓰지 않습니다.',
  },
  servers: [{ url: '/api' }],
};

/** The bearer schemes of the document: the access token of a signed-in user, and the metrics token. */
export const securitySchemes = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'POST /api/auth/login이 돌려준 accessToken',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: '서버의 환경 변수 METRICS_TOKEN 값',
  },
} as const;

/** `security` of a route that needs a signed-in user (writes get it from the write gate's rule). */
export const signedInSecurity = [{ bearerAuth: [] }];

type Doc = {
  paths?: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        description?: string;
        tags?: string[];
        parameters?: Array<{ name: string; in: string; required?: boolean; description?: string }>;
      }
    >
  >;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A readable, script-free HTML reference generated from the OpenAPI document. */
export function referencePage(doc: unknown): string {
  const paths = (doc as Doc).paths ?? {};
  const groups = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? '기타';
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ', 필수' : ''})${p.description ? ` — ${escapeHtml(p.description)}` : ''}</li>`,
        )
        .join('');
      const item =
        `<section><h3><code>${method.toUpperCase()} /api${escapeHtml(path)}</code></h3>` +
        `<p>${escapeHtml(op.summary ?? '')}</p>${op.description ? `<p>${escapeHtml(op.description)}</p>` : ''}` +
        (params ? `<ul>${params}</ul>` : '') +
        '</section>';
      groups.set(tag, [...(groups.get(tag) ?? []), item]);
    }
  }
  const body = [...groups]
    .map(([tag, items]) => `<h2>${escapeHtml(tag)}</h2>${items.join('')}`)
    .join('');
  return (
    `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>API 참조 — SBSA 리그 포털</title><style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:auto;padding:1rem;line-height:1.5}` +
    `h3{font-size:1rem;margin-bottom:.25rem}section{border-top:1px solid #ccc;padding:.5rem 0}</style></head>` +
    `<body><h1>SBSA 리그 포털 API 참조</h1><p>기계가 읽는 문서: <a href="/api/openapi.json">/api/openapi.json</a></p>${body}</body></html>`
  );
}
