import * as z from 'zod';

/**
 * The access record of personal data as the API answers it and the console shows it
 * (decision 146): one set of shapes for the server's routes and services and the console.
 */

/** The stable codes and the words of the 기준 (§8): 조회, 입력, 변경, 삭제, 다운로드. */
export const accessActionLabels = {
  read: '조회',
  create: '입력',
  update: '변경',
  delete: '삭제',
  download: '다운로드',
} as const;
export type AccessAction = keyof typeof accessActionLabels;
export const accessActions = Object.keys(accessActionLabels) as AccessAction[];

export const accessLogItem = z.object({
  id: z.number().int(),
  at: z.string().meta({ description: '처리 시각 (ISO 8601, UTC)' }),
  account: z.string().meta({ description: '처리한 계정의 이메일 (그때의 값)' }),
  address: z.string().meta({ description: '접속지 (클라이언트 주소)' }),
  action: z.enum(accessActions),
  actionLabel: z.string().meta({ description: '조회, 입력, 변경, 삭제, 다운로드' }),
  subjects: z
    .array(z.string())
    .meta({ description: '정보주체: player:12, coach:3, user:7 (전체 내보내기는 빈 목록)' }),
  reason: z.string().nullable().meta({ description: '다운로드 사유' }),
  method: z.string(),
  route: z.string().meta({ description: '처리한 API 경로' }),
});
export type AccessLogItem = z.infer<typeof accessLogItem>;

export const accessLogPage = z.object({
  items: z.array(accessLogItem),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type AccessLogPage = z.infer<typeof accessLogPage>;

export const accountMonth = z.object({
  account: z.string(),
  counts: z.record(z.enum(accessActions), z.number().int()),
  total: z.number().int(),
  flags: z
    .array(z.enum(['volume', 'download']))
    .meta({ description: 'volume: 건수가 유난히 많음, download: 다운로드가 있음' }),
});
export type AccountMonth = z.infer<typeof accountMonth>;

export const monthReview = z.object({
  month: z.string(),
  accounts: z.array(accountMonth),
  reviewed: z
    .object({ account: z.string(), reviewedAt: z.string() })
    .nullable()
    .meta({ description: '이 달을 검토 완료한 계정과 시각' }),
});
export type MonthReview = z.infer<typeof monthReview>;
