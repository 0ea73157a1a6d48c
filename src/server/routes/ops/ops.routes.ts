import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.ts';
import { requireAdmin } from '../../auth/permissions.ts';
import { errorSchema, responses } from '../../http/envelope.ts';
import { exportFile } from '../../ops/export-format.ts';

const tags = ['운영 (백업·내보내기)'];

/** A download carrying personal data says why (auth/access-record.ts checks it is there). */
export const downloadReasonQuery = z.object({
  reason: z.string().optional().meta({
    description: '내려받는 사유 (필수, 200자 이하). 개인정보 접속기록에 남습니다.',
  }),
});

export const backupView = z.object({
  file: z.string().meta({
    description:
      '백업 파일 이름 (data/backups/ 안), 예: sbsa-20250301-030000.sqlite (PostgreSQL에서는 .dump)',
  }),
  createdAt: z.string(),
  reason: z
    .enum(['scheduled', 'manual', 'pre-migration', 'command-line', 'pre-import', 'unknown'])
    .meta({
      description:
        'scheduled 정기, manual 관리자 요청, pre-migration 마이그레이션 직전, command-line npm run backup',
    }),
  by: z.string().nullable().meta({ description: '요청한 관리자 이메일' }),
  bytes: z.number().int(),
  migrations: z.array(z.string()).meta({ description: '백업에 적용된 마이그레이션 (스키마 버전)' }),
  uploads: z
    .object({ files: z.number().int(), bytes: z.number().int() })
    .nullable()
    .meta({ description: '함께 보관한 업로드 파일 (하드 링크 스냅숏)' }),
  durationMs: z.number().int().nullable(),
});

export const backupsData = z.object({
  backups: z.array(backupView).meta({ description: '보관 중인 백업, 최신순' }),
  latest: backupView.nullable().meta({ description: '가장 최근 백업' }),
  intervalHours: z
    .number()
    .meta({ description: '정기 백업 간격 (BACKUP_INTERVAL_HOURS, 0이면 끔)' }),
  nextAt: z.string().nullable().meta({ description: '다음 정기 백업 예정 시각 (대략)' }),
  retention: z
    .object({ newest: z.number().int(), days: z.number().int(), weeks: z.number().int() })
    .meta({
      description:
        '보관 규칙: 최근 newest개 + 최근 days일의 하루 한 개 + 최근 weeks주의 한 주 한 개',
    }),
});

/** Adds the 507 answer (disk full, read-only data folder) to the documented responses, leaving the handler types alone. */
function withStorageError<T extends object>(r: T): T {
  return Object.assign(r, {
    507: {
      description: '저장 공간 부족 또는 읽기 전용 데이터 폴더',
      content: { 'application/json': { schema: errorSchema } },
    },
  });
}

export const backup = createRoute({
  method: 'post',
  path: '/backup',
  tags,
  summary: '지금 백업 (사이트 관리자)',
  description:
    '서버를 멈추지 않고 데이터베이스를 data/backups/sbsa-YYYYMMDD-HHMMSS.sqlite로(PostgreSQL에서는 pg_dump 사용자 지정 형식의 .dump로) 백업하고(무결성 검사 포함), 업로드 파일을 하드 링크 스냅숏으로 함께 보관합니다. 보관 규칙에 따라 오래된 백업은 지웁니다.',
  responses: withStorageError(responses(backupView, '백업 완료', 201)),
});

export const list = createRoute({
  method: 'get',
  path: '/backups',
  security: signedInSecurity,
  tags,
  summary: '백업 목록 (사이트 관리자)',
  description:
    '보관 중인 백업과 마지막 백업, 정기 백업 설정을 돌려줍니다. 복원은 서버를 멈춘 뒤 `npm run restore -- <파일>`로 합니다.',
  responses: responses(backupsData),
});

export const exportAll = createRoute({
  method: 'get',
  path: '/export',
  security: signedInSecurity,
  tags,
  summary: '전체 내보내기 JSON 다운로드 (사이트 관리자)',
  description:
    '모든 테이블(로그인 세션과 빌드 기록 제외)과 업로드 파일(base64)을 JSON 파일 하나로 내려받습니다. `schema`는 적용된 마이그레이션 목록(스키마 버전)입니다. 같은 데이터는 언제나 같은 바이트가 됩니다. 비밀번호 해시가 들어 있으니 안전하게 보관하세요. 응답은 봉투({ ok, data }) 없이 파일 그대로입니다. 회원의 이메일·전화번호·생일과 선수·지도자의 생년월일·전화번호가 들어 있어 내려받는 사유(`reason`)가 필요하며, 개인정보 접속기록에 다운로드로 남습니다.',
  request: { query: downloadReasonQuery },
  responses: {
    200: {
      description: '내보내기 파일 (Content-Disposition: attachment)',
      content: { 'application/json': { schema: exportFile } },
    },
    401: { description: '로그인 필요', content: { 'application/json': { schema: errorSchema } } },
    403: { description: '권한 없음', content: { 'application/json': { schema: errorSchema } } },
  },
});

export const importResult = z.object({
  tables: z.number().int(),
  rows: z.number().int(),
  uploads: z.number().int(),
  upgradedFrom: z
    .array(z.string())
    .nullable()
    .meta({ description: '이전 버전의 내보내기를 올려 가져왔을 때 그 스키마 버전' }),
});

/** Refuses everyone but site admins before a (large) body is read and validated. */
const adminsOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireAdmin(c);
  await next();
});

export const importAll = createRoute({
  method: 'post',
  path: '/import',
  tags,
  middleware: [adminsOnly] as const,
  summary: '내보내기 파일 가져오기 (빈 인스턴스만, 사이트 관리자)',
  description:
    '내보내기 JSON을 본문으로 보내면 빈 인스턴스(시즌·팀·선수·경기·공지 등이 없는 상태)에 모두 넣거나 하나도 넣지 않습니다. 시작할 때 만든 기본 협회와 관리자 계정, 로그인 세션은 파일의 것으로 바뀌므로 가져온 뒤에는 파일에 있던 계정으로 다시 로그인하세요. 이전 버전의 내보내기는 이 버전의 스키마로 올려서 가져옵니다. 25MB를 넘는 파일은 명령줄 `npm run import -- <파일>`을 쓰세요.',
  request: { body: { content: { 'application/json': { schema: exportFile } }, required: true } },
  responses: withStorageError(responses(importResult, '가져오기 완료')),
});
