// The matcher the admin lists use too, so the two searches agree on what ㅎㄱㄷ finds.
import { hangulMatch } from '../lib/hangul-match.ts';

/** [name, team, season, link] as the per-season index files hold them. */
type Entry = [string, string, string, string];

const LIMIT = 30;

/**
 * Makes a `.player-search` box (PlayerSearch.astro) search as the visitor types. The season
 * indexes named in its `data-indexes` are fetched on the first focus or input; the results are
 * written into its live region.
 */
export function enhancePlayerSearch(root: HTMLElement): void {
  const input = root.querySelector('input');
  const output = root.querySelector('[aria-live]');
  if (!input || !output) return;
  const urls = JSON.parse(root.dataset.indexes ?? '[]') as string[];
  let entries: Promise<Entry[]> | null = null;

  const load = () => {
    entries ??= Promise.all(
      urls.map((url) => fetch(url).then((r) => r.json() as Promise<Entry[]>)),
    ).then((lists) => lists.flat());
    return entries;
  };
  const show = async () => {
    const query = input.value.trim();
    let found: Entry[];
    try {
      found = query ? (await load()).filter((e) => hangulMatch(e[0], query)) : [];
    } catch {
      output.replaceChildren(
        paragraph('empty', '선수 목록을 불러오지 못했습니다. 잠시 뒤 다시 시도하세요.'),
      );
      entries = null;
      return;
    }
    // a slower answer for an older query must not overwrite a newer one
    if (input.value.trim() !== query) return;
    output.replaceChildren(...(query ? results(found) : []));
  };

  input.addEventListener('focus', () => void load().catch(() => {}), { once: true });
  input.addEventListener('input', () => void show());
}

function results(found: Entry[]): Node[] {
  const count =
    found.length === 0
      ? '찾는 선수가 없습니다.'
      : `${found.length}명${found.length > LIMIT ? ` 중 ${LIMIT}명만 보입니다` : ''}`;
  const list = document.createElement('ul');
  list.className = 'player-search__results';
  for (const [name, team, season, href] of found.slice(0, LIMIT)) {
    const link = document.createElement('a');
    link.href = href;
    link.textContent = name;
    const where = document.createElement('span');
    where.textContent = `${team} · ${season}`;
    const item = document.createElement('li');
    item.append(link, ' ', where);
    list.append(item);
  }
  return [paragraph('player-search__count', count), list];
}

function paragraph(className: string, text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = className;
  p.textContent = text;
  return p;
}
