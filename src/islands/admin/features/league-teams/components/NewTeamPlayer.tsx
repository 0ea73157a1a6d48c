import { useId, useState } from 'react';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import type { Player } from '../../../../../lib/schemas/player.ts';
import { createTeamPlayer } from '../api/create-team-player.ts';
import { findSameName } from '../../../api/find-same-name.ts';
import { identityOf } from '../../../lib/player-identity.ts';
import { describePlayer } from '../../../../../lib/describe-player.ts';

export interface AddedPlayer {
  id: number;
  name: string;
  birthDate: string | null;
  backNumber: number | null;
}

interface Props {
  mainId: number;
  teamId: number;
  teamName: string;
  /** the player joins the team; the editor puts him on the roster */
  onAdded: (player: AddedPlayer) => void;
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : '등록하지 못했습니다. 다시 시도해 주세요.';

const describe = (p: Player) => describePlayer(identityOf(p));

/**
 * 새 선수 등록: a club member who is not yet a player, registered on the team with his back number
 * and put on the roster in one step. A person of the same name is shown first (team, birth year)
 * with the choice 같은 사람 / 다른 사람, so nobody becomes two people by accident.
 */
export function NewTeamPlayer({ mainId, teamId, teamName, onAdded }: Props) {
  const id = useId();
  const [name, setName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [backNumber, setBackNumber] = useState('');
  const [sameName, setSameName] = useState<Player[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const number = backNumber.trim() === '' ? null : Number(backNumber);
  const reset = () => {
    setName('');
    setBirthDate('');
    setBackNumber('');
    setSameName(null);
  };

  const create = async () => {
    const player = await createTeamPlayer(teamId, {
      name: name.trim(),
      birthDate: birthDate || null,
      backNumber: number,
    });
    onAdded({
      id: player.id,
      name: player.name,
      birthDate: player.birthDate ?? null,
      backNumber: number,
    });
    setDone(
      `${player.name} 선수를 ${teamName}에 등록하고 명단에 넣었습니다. 명단 저장을 눌러 주세요.`,
    );
    reset();
  };

  const run = async (step: () => Promise<void>) => {
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      await step();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const register = () =>
    run(async () => {
      if (!name.trim()) throw new Error('이름을 입력해 주세요.');
      if (number !== null && (!Number.isInteger(number) || number < 0 || number > 999))
        throw new Error('등번호는 0부터 999까지의 정수로 입력해 주세요.');
      const found = await findSameName(mainId, name.trim());
      if (found.length > 0) setSameName(found);
      else await create();
    });

  const chooseExisting = (p: Player) =>
    run(async () => {
      const here = p.currentTeams.find((t) => t.teamId === teamId);
      if (!here)
        throw new Error(
          `${describe(p)}: 다른 팀 소속이거나 소속 팀이 없는 선수입니다. 선수 관리에서 소속을 옮긴 뒤 명단에 넣어 주세요.`,
        );
      onAdded({
        id: p.id,
        name: p.name,
        birthDate: p.birthDate ?? null,
        backNumber: number ?? here.backNumber,
      });
      setDone(`${p.name} 선수를 명단에 넣었습니다. 명단 저장을 눌러 주세요.`);
      reset();
    });

  return (
    <fieldset className="new-team-player">
      <legend>새 선수 등록 ({teamName})</legend>
      <div className="form-grid">
        <label htmlFor={`${id}-name`}>이름</label>
        <input
          id={`${id}-name`}
          value={name}
          autoComplete="off"
          onChange={(e) => {
            setName(e.target.value);
            setSameName(null);
          }}
        />
        <label htmlFor={`${id}-birth`}>생년월일</label>
        <input
          id={`${id}-birth`}
          type="date"
          value={birthDate}
          onChange={(e) => setBirthDate(e.target.value)}
        />
        <label htmlFor={`${id}-number`}>등번호</label>
        <input
          id={`${id}-number`}
          inputMode="numeric"
          className="narrow"
          value={backNumber}
          onChange={(e) => setBackNumber(e.target.value)}
        />
      </div>
      {sameName ? (
        <div className="same-name" role="group" aria-labelledby={`${id}-same`}>
          <p id={`${id}-same`}>
            <strong>동명이인 확인:</strong> 같은 이름의 선수가 {sameName.length}명 있습니다. 같은
            사람인가요?
          </p>
          <ul>
            {sameName.map((p) => (
              <li key={p.id}>
                {describe(p)}{' '}
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void chooseExisting(p)}
                  aria-label={`같은 사람: ${describe(p)}`}
                >
                  같은 사람
                </button>
              </li>
            ))}
          </ul>
          <button type="button" disabled={busy} onClick={() => void run(create)}>
            다른 사람 — 새로 등록
          </button>
        </div>
      ) : (
        <button type="button" disabled={busy} onClick={() => void register()}>
          새 선수 등록
        </button>
      )}
      {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
      {done ? (
        <StatusMessage key={done} kind="success" focus>
          {done}
        </StatusMessage>
      ) : null}
    </fieldset>
  );
}
