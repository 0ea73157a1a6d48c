import { sql } from 'kysely';
import type { SelectQueryBuilder } from 'kysely';
import { likeIgnoringCase } from '../db/like.ts';
import { z } from 'zod';
import { label, text } from '../../lib/validation/index.ts';

/**
 * Korean name search for the admin lists: a query matches a text when it occurs in it as a
 * substring, where a lone initial consonant (ㅎ) stands for any syllable starting with it
 * (ㅎㄱㄷ and 홍ㄱ동 find 홍길동), and a last syllable typed without its final consonant
 * matches the syllable being typed (홍기 finds 홍길동, as while the IME is still composing).
 * Latin letters compare without case. SQL narrows the rows with LIKE on the parts that must
 * occur literally; this module decides the rest in JS. It also holds what every searchable
 * admin list shares: the `q`/`offset`/`limit`/`sort` query parameters and the page shape.
 */

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';

type Token =
  | { kind: 'char'; ch: string }
  | { kind: 'initial'; index: number; ch: string }
  /** a syllable without a final consonant, at the end of the query */
  | { kind: 'open'; base: number; ch: string };

const isSyllable = (code: number) => code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST;
const initialOf = (code: number) => Math.floor((code - SYLLABLE_FIRST) / 588);

function normalize(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

function tokenize(query: string): Token[] {
  const chars = [...normalize(query.trim())];
  return chars.map((ch, i): Token => {
    const index = INITIALS.indexOf(ch);
    if (index >= 0) return { kind: 'initial', index, ch };
    const code = ch.charCodeAt(0);
    if (i === chars.length - 1 && isSyllable(code) && (code - SYLLABLE_FIRST) % 28 === 0) {
      return { kind: 'open', base: code, ch };
    }
    return { kind: 'char', ch };
  });
}

function tokenMatches(token: Token, ch: string): boolean {
  if (token.ch === ch) return true;
  const code = ch.charCodeAt(0);
  if (token.kind === 'initial') return isSyllable(code) && initialOf(code) === token.index;
  if (token.kind === 'open') return code >= token.base && code < token.base + 28;
  return false;
}

/** Whether `text` contains `query` in the sense above; an empty query matches everything. */
export function matchesQuery(text: string, query: string): boolean {
  const tokens = tokenize(query);
  if (tokens.length === 0) return true;
  const chars = [...normalize(text)];
  for (let start = 0; start + tokens.length <= chars.length; start++) {
    if (tokens.every((token, i) => tokenMatches(token, chars[start + i]))) return true;
  }
  return false;
}

/** What SQL can check: the runs of the query that must occur literally, and whether JS must finish the job. */
export function searchPlan(query: string): { fragments: string[]; needsJs: boolean } {
  const tokens = tokenize(query);
  const fragments: string[] = [];
  let run = '';
  for (const token of tokens) {
    if (token.kind === 'char') {
      run += token.ch;
      continue;
    }
    if (run) fragments.push(run);
    run = '';
  }
  if (run) fragments.push(run);
  return { fragments, needsJs: tokens.some((t) => t.kind !== 'char') };
}

/** `%fragment%` for LIKE … ESCAPE '\', with the wildcards of the fragment escaped. */
export function likePattern(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface Paging {
  offset: number;
  limit: number;
}

export interface SearchSpec<O> {
  q?: string;
  /** qualified columns searched, e.g. 'players.name' */
  columns: string[];
  /** the same texts taken from a selected row, for the JS part of the match */
  texts: (row: O) => Array<string | null>;
}

/**
 * Runs a sorted list query with an optional search and returns one page and the total. Plain
 * queries are paged in SQL; queries with initial consonants are prefiltered in SQL and finished
 * in JS. The query must not use GROUP BY (count it with subqueries instead).
 */
export async function searchPage<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  search: SearchSpec<O>,
  paging: Paging,
): Promise<{ rows: O[]; total: number }> {
  const q = search.q?.trim() ?? '';
  const plan = searchPlan(q);
  let filtered = qb;
  for (const fragment of plan.fragments) {
    const pattern = likePattern(fragment);
    filtered = filtered.where((eb) =>
      eb.or(search.columns.map((column) => likeIgnoringCase(column, pattern))),
    );
  }
  if (plan.needsJs) {
    const all = (await filtered.execute()).filter((row) =>
      search.texts(row).some((text) => text != null && matchesQuery(text, q)),
    );
    return { rows: all.slice(paging.offset, paging.offset + paging.limit), total: all.length };
  }
  const counted = await filtered
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst();
  const rows = await filtered.limit(paging.limit).offset(paging.offset).execute();
  return { rows, total: Number((counted as { total?: number } | undefined)?.total ?? 0) };
}

/** Query parameters of every searchable admin list. */
export const searchQueryShape = {
  q: label(text().max(100), '검색어')
    .optional()
    .meta({ description: '이름 검색어: 부분 일치, 초성(ㅎㄱㄷ → 홍길동) 가능' }),
  offset: label(z.coerce.number().int().min(0).max(1_000_000), '시작 위치')
    .default(0)
    .meta({ description: '건너뛸 개수 (기본 0)' }),
  limit: label(z.coerce.number().int().min(1).max(500), '개수')
    .default(50)
    .meta({ description: '한 번에 가져올 개수 (1–500, 기본 50)' }),
};

/** The `sort` query parameter: one of the given keys, `-` in front for descending where offered. */
export const sortParam = <const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
) =>
  label(z.enum(values), '정렬')
    .default(fallback)
    .meta({ description: `정렬 기준: ${values.join(', ')} (기본 ${fallback})` });

/** `{ items, total, offset, limit }` around an item schema. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
  });

export interface Page<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}
