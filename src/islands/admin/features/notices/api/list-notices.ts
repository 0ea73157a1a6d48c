import { api } from '../../../../../lib/api-client.ts';
import { noticePage } from '../../../../../lib/schemas/notice.ts';
import type { NoticePage, NoticeSummary } from '../../../../../lib/schemas/notice.ts';

/** GET /api/league/main/{mainId}/notice?offset&limit: pinned first, then newest; read page by page (100 at most each). */
export const noticePageSchema = noticePage;
export type { NoticeSummary };

export async function listNotices(mainId: number): Promise<NoticeSummary[]> {
  const all: NoticeSummary[] = [];
  for (let offset = 0; offset < 5000; offset += 100) {
    const page = await api.get<NoticePage>(`/api/league/main/${mainId}/notice`, {
      offset,
      limit: 100,
    });
    all.push(...page.items);
    if (all.length >= page.total || page.items.length === 0) break;
  }
  return all;
}
