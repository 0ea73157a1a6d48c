const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'] as const;
import { seoulToday } from '../../lib/seoul-date.ts';

function parts(isoDate: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** Weekday letter of a calendar date (YYYY-MM-DD): '토'. */
export function koreanWeekday(isoDate: string): string {
  const p = parts(isoDate);
  if (!p) return '';
  return WEEKDAYS[new Date(Date.UTC(p[0], p[1] - 1, p[2])).getUTCDay()];
}

/** '2026년 11월 21일(토)' from a calendar date kept in Asia/Seoul (YYYY-MM-DD). */
export function formatKoreanDate(isoDate: string): string {
  const p = parts(isoDate);
  if (!p) return isoDate;
  return `${p[0]}년 ${p[1]}월 ${p[2]}일(${koreanWeekday(isoDate)})`;
}

/** '11월 21일(토)': the short form used inside a season's tables. */
export function formatShortKoreanDate(isoDate: string): string {
  const p = parts(isoDate);
  if (!p) return isoDate;
  return `${p[1]}월 ${p[2]}일(${koreanWeekday(isoDate)})`;
}

/** '2026년 11월': heading of a month in a schedule. */
export function formatKoreanMonth(isoDate: string): string {
  const p = parts(isoDate);
  return p ? `${p[0]}년 ${p[1]}월` : isoDate;
}

/** '오후 6:30' from 'HH:MM'; '' when no time is set. */
export function formatKoreanTime(hhmm: string | null | undefined): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm ?? '');
  if (!match) return '';
  const hour = Number(match[1]);
  const half = hour < 12 ? '오전' : '오후';
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${half} ${h12}:${match[2]}`;
}

/** The calendar date in Asia/Seoul of an instant (an ISO timestamp or a Date): 'YYYY-MM-DD'. */
export function seoulDate(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return typeof instant === 'string' ? instant.slice(0, 10) : '';
  return seoulToday(date);
}

/** '2026년 11월 21일(토)' of an instant (e.g. a notice's created_at in UTC), read in Asia/Seoul. */
export function formatKoreanInstantDate(instant: string | Date): string {
  return formatKoreanDate(seoulDate(instant));
}
