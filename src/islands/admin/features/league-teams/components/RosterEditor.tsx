import '../../../lib/korean-zod.ts';
import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ROSTER_STATUS_LABELS, rosterInput } from '../../../../../lib/schemas/league-team.ts';
import type { RosterInput } from '../../../../../lib/schemas/league-team.ts';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { API_ERROR_KEY, applyServerErrors } from '../../../lib/apply-server-errors.ts';
import type { LeaguePlayer } from '../../../api/list-league-players.ts';
import type { TeamPlayer } from '../api/list-team-players.ts';
import { NewTeamPlayer } from './NewTeamPlayer.tsx';
import type { AddedPlayer } from './NewTeamPlayer.tsx';
import { TeamPlayerPicker } from './TeamPlayerPicker.tsx';
import { describePlayer } from '../../../../../lib/describe-player.ts';

type RosterForm = RosterInput & { [API_ERROR_KEY]?: string };

interface Props {
  mainId: number;
  teamId: number;
  teamName: string;
  roster: LeaguePlayer[];
  candidates: TeamPlayer[];
  onSave: (input: RosterInput) => Promise<void>;
  onClose: () => void;
}

const numberOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v));

/** Edits one team's league roster: who is on it, back numbers and status (등록, 출장 정지, 방출). */
export function RosterEditor({
  mainId,
  teamId,
  teamName,
  roster,
  candidates,
  onSave,
  onClose,
}: Props) {
  const headingId = useId();
  const [saved, setSaved] = useState(false);
  // Players registered here join the team after its candidates were loaded.
  const [added, setAdded] = useState<AddedPlayer[]>([]);
  const labelOf = (p: { name: string; birthDate?: string | null }) =>
    describePlayer({ name: p.name, teams: [teamName], birthDate: p.birthDate });
  const names = new Map<number, string>([
    ...candidates.map((c) => [c.id, labelOf(c)] as const),
    ...roster.map(
      (p) => [p.playerId, labelOf({ name: p.playerName, birthDate: p.birthDate })] as const,
    ),
    ...added.map((p) => [p.id, labelOf(p)] as const),
  ]);
  const { control, register, handleSubmit, formState, setError, watch } = useForm<RosterForm>({
    resolver: zodResolver(rosterInput) as unknown as Resolver<RosterForm>,
    defaultValues: {
      players: roster.map((p) => ({
        playerId: p.playerId,
        backNumber: p.backNumber,
        status: p.status,
        registeredOn: p.registeredOn,
      })),
    },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'players' });
  const inRoster = new Set(watch('players').map((p) => p.playerId));
  const addable = candidates.filter((c) => !inRoster.has(c.id));

  const submit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      await onSave({ players: values.players });
      setSaved(true);
    } catch (error) {
      applyServerErrors(error, setError, ['players']);
    }
  });

  const rowError = (i: number) => {
    const e = formState.errors.players?.[i];
    return (
      e?.playerId?.message ??
      e?.backNumber?.message ??
      e?.status?.message ??
      e?.registeredOn?.message
    );
  };
  const apiError = (formState.errors as Record<string, { message?: string }>)[API_ERROR_KEY]
    ?.message;

  return (
    <form className="roster-editor" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId}>{teamName} 리그 명단</h2>
      <div className="table-scroll">
        <table>
          <caption>
            {teamName} 명단 ({fields.length}명)
          </caption>
          <thead>
            <tr>
              <th scope="col">선수</th>
              <th scope="col">등번호</th>
              <th scope="col">상태</th>
              <th scope="col">등록일</th>
              <th scope="col">작업</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, i) => {
              const name = names.get(field.playerId) ?? `선수 #${field.playerId}`;
              const error = rowError(i);
              return (
                <tr key={field.id} className={error ? 'row-invalid' : undefined}>
                  <th scope="row">
                    {name}
                    {error ? (
                      <p className="field-error" role="alert">
                        {error}
                      </p>
                    ) : null}
                  </th>
                  <td>
                    <input
                      aria-label={`${name} 등번호`}
                      inputMode="numeric"
                      className="narrow"
                      aria-invalid={!!formState.errors.players?.[i]?.backNumber}
                      {...register(`players.${i}.backNumber`, { setValueAs: numberOrNull })}
                    />
                  </td>
                  <td>
                    <select aria-label={`${name} 상태`} {...register(`players.${i}.status`)}>
                      {Object.entries(ROSTER_STATUS_LABELS).map(([value, text]) => (
                        <option key={value} value={value}>
                          {text}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      type="date"
                      aria-label={`${name} 등록일`}
                      {...register(`players.${i}.registeredOn`, {
                        setValueAs: (v) => v || undefined,
                      })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => remove(i)}
                      aria-label={`${name} 명단에서 빼기`}
                    >
                      빼기
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <TeamPlayerPicker
        teamName={teamName}
        players={addable}
        labelOf={labelOf}
        onAdd={(players) =>
          append(
            players.map((p) => ({ playerId: p.id, backNumber: p.backNumber, status: 'active' })),
          )
        }
      />
      <NewTeamPlayer
        mainId={mainId}
        teamId={teamId}
        teamName={teamName}
        onAdded={(p) => {
          setAdded((list) => [...list, p]);
          if (!inRoster.has(p.id))
            append({ playerId: p.id, backNumber: p.backNumber, status: 'active' });
        }}
      />
      {apiError ? <StatusMessage kind="error">{apiError}</StatusMessage> : null}
      {saved ? (
        <StatusMessage kind="success" focus>
          명단을 저장했습니다.
        </StatusMessage>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? '저장 중…' : '명단 저장'}
        </button>
        <button type="button" onClick={onClose}>
          닫기
        </button>
      </div>
    </form>
  );
}
