import { useId, useState } from 'react';
import type { TeamPlayer } from '../api/list-team-players.ts';

interface Props {
  teamName: string;
  /** the team's players not yet on the roster */
  players: TeamPlayer[];
  /** how a player is named on this screen (team and birth year beside the name) */
  labelOf: (p: TeamPlayer) => string;
  onAdd: (players: TeamPlayer[]) => void;
}

/**
 * 소속 선수 추가: the team's players ticked several at a time and put on the roster with the back
 * numbers of their careers; the roster's own save stores them all at once.
 */
export function TeamPlayerPicker({ teamName, players, labelOf, onAdd }: Props) {
  const legend = useId();
  const [chosen, setChosen] = useState<number[]>([]);
  const picked = players.filter((p) => chosen.includes(p.id));
  if (players.length === 0)
    return <p className="hint">{teamName}의 소속 선수는 모두 명단에 있습니다.</p>;
  return (
    <fieldset className="team-player-picker" aria-labelledby={legend}>
      <legend id={legend}>소속 선수 추가</legend>
      <button
        type="button"
        onClick={() => setChosen(picked.length === players.length ? [] : players.map((p) => p.id))}
      >
        {picked.length === players.length ? '모두 선택 해제' : '모두 선택'}
      </button>
      <div className="checkbox-grid">
        {players.map((p) => (
          <label key={p.id}>
            <input
              type="checkbox"
              checked={chosen.includes(p.id)}
              onChange={(e) =>
                setChosen((c) => (e.target.checked ? [...c, p.id] : c.filter((id) => id !== p.id)))
              }
            />
            {labelOf(p)} · {p.backNumber != null ? `등번호 ${p.backNumber}` : '등번호 없음'}
          </label>
        ))}
      </div>
      <button
        type="button"
        disabled={picked.length === 0}
        onClick={() => {
          onAdd(picked);
          setChosen([]);
        }}
      >
        선택한 선수 {picked.length}명 명단에 넣기
      </button>
    </fieldset>
  );
}
