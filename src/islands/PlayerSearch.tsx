import { useRef, useState } from 'react';
// The matcher the admin lists use too, so the two searches agree on what ㅎㄱㄷ finds.
import { hangulMatch } from '../lib/hangul-match.ts';

/** [name, team, season, link] as the per-season index files hold them. */
type Entry = [string, string, string, string];

interface Props {
  /** the index file of every season, newest first; fetched only once the box is used */
  indexes: string[];
}

const LIMIT = 30;

/**
 * The records room's player search: by name or by initial consonants (ㅎㄱㄷ → 홍길동) over every
 * season. The indexes load when the box first gets focus or input, so the page costs nothing more
 * until someone searches.
 */
export default function PlayerSearch({ indexes }: Props) {
  const [query, setQuery] = useState('');
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const loading = useRef(false);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    Promise.all(indexes.map((url) => fetch(url).then((r) => r.json() as Promise<Entry[]>)))
      .then((lists) => setEntries(lists.flat()))
      .catch(() => setFailed(true));
  };

  const q = query.trim();
  const found = q && entries ? entries.filter((e) => hangulMatch(e[0], q)) : [];

  return (
    <div className="player-search" role="search">
      <label htmlFor="player-search-box">선수 찾기</label>
      <input
        id="player-search-box"
        type="search"
        value={query}
        placeholder="이름 또는 초성 (예: ㄱㅅㅎ)"
        autoComplete="off"
        onFocus={load}
        onChange={(event) => {
          load();
          setQuery(event.target.value);
        }}
      />
      <div aria-live="polite">
        {failed && (
          <p className="empty">선수 목록을 불러오지 못했습니다. 잠시 뒤 다시 시도하세요.</p>
        )}
        {q && entries && (
          <>
            <p className="player-search__count">
              {found.length === 0 ? '찾는 선수가 없습니다.' : `${found.length}명`}
              {found.length > LIMIT && ` 중 ${LIMIT}명만 보입니다`}
            </p>
            <ul className="player-search__results">
              {found.slice(0, LIMIT).map((e) => (
                <li key={e[3]}>
                  <a href={e[3]}>{e[0]}</a>{' '}
                  <span>
                    {e[1]} · {e[2]}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
