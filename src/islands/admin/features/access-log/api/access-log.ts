import { api } from '../../../../../lib/api-client.ts';
import { accessActionLabels, accessActions } from '../../../../../lib/schemas/access-log.ts';
import type {
  AccessAction,
  AccessLogPage,
  MonthReview,
} from '../../../../../lib/schemas/access-log.ts';

/** The handlings of the access record: the server's codes and the words of the 기준. */
export const accessActionChoices = accessActions.map(
  (code) => [code, accessActionLabels[code]] as const,
);
export type {
  AccessAction,
  AccessLogItem,
  AccountMonth,
} from '../../../../../lib/schemas/access-log.ts';

export interface AccessLogFilter {
  account?: string;
  subject?: string;
  action?: AccessAction | '';
  from?: string;
  to?: string;
}

const base = (mainId: number) => `/api/league/main/${mainId}/personal-access-log`;

/** Only the filters given: an empty field filters nothing. */
const given = (filter: AccessLogFilter) =>
  Object.fromEntries(
    Object.entries(filter).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  );

/** GET …/personal-access-log: a page of the record, newest first. */
export const listAccessLog = (
  mainId: number,
  filter: AccessLogFilter,
  offset: number,
  limit: number,
) => api.get<AccessLogPage>(base(mainId), { ...given(filter), offset, limit });

/** GET …/personal-access-log/review: one month's counts per account and its review. */
export const getMonthReview = (mainId: number, month: string) =>
  api.get<MonthReview>(`${base(mainId)}/review`, { month });

/** POST …/personal-access-log/review: "검토 완료" for the month. */
export const markMonthReviewed = (mainId: number, month: string) =>
  api.post<MonthReview>(`${base(mainId)}/review`, { month });

function parseEnvelope(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * GET …/personal-access-log.csv with the reason the server asks for: the file comes without the
 * envelope, a refusal in it (so its Korean message reaches the screen).
 */
export async function downloadAccessLogCsv(
  mainId: number,
  filter: AccessLogFilter,
  reason: string,
): Promise<Blob> {
  const text = await api.call<string>(`${base(mainId)}.csv`, {
    query: { ...given(filter), reason },
    parseResponse: (body) => ({ data: body }),
    onResponse({ response }) {
      if (!response.ok)
        response._data = parseEnvelope(
          (response._data as { data: string } | undefined)?.data ?? '',
        );
    },
  });
  // the BOM lets a spreadsheet read Korean; text decoding may have dropped it
  const bom = text.startsWith('\uFEFF') ? '' : '\uFEFF';
  return new Blob([bom, text], { type: 'text/csv;charset=utf-8' });
}
