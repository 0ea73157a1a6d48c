import '../../../lib/korean-zod.ts';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { useApiData } from '../../../lib/use-api-data.ts';
import { API_ERROR_KEY, applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import type { ScreenProps } from '../../../screen-props.ts';
import { listLeagueTeams } from '../../../api/list-league-teams.ts';
import { getLeague } from '../../../api/get-league.ts';
import { WorkContext } from '../../../components/WorkContext.tsx';
import { listLeaguePlayers } from '../../../api/list-league-players.ts';
import { describePlayer } from '../../../../../lib/describe-player.ts';
import { leagueResultInput } from '../../../../../lib/schemas/result.ts';
import type { LeagueResultInput } from '../../../../../lib/schemas/result.ts';
import { getLeagueResult } from '../api/get-league-result.ts';
import type { LeagueResult } from '../api/get-league-result.ts';
import { saveLeagueResult } from '../api/save-league-result.ts';

type Form = LeagueResultInput & { [API_ERROR_KEY]?: string };
const idOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v));
const numOrUndefined = (v: unknown) => (v === '' || v == null ? undefined : Number(v));

async function load(leagueId: number) {
  const [result, teams, league] = await Promise.all([
    getLeagueResult(leagueId),
    listLeagueTeams(leagueId),
    getLeague(leagueId),
  ]);
  const rosters = await Promise.all(teams.map((t) => listLeaguePlayers(leagueId, t.teamId)));
  const players = rosters.flat().map((p) => ({
    id: p.playerId,
    label: describePlayer({
      name: p.playerName,
      teams: [teams.find((t) => t.teamId === p.teamId)?.teamName ?? ''],
      birthDate: p.birthDate,
    }),
  }));
  return { result, teams, players, league };
}

function ResultForm({
  leagueId,
  result,
  teams,
  players,
}: {
  leagueId: number;
  result: LeagueResult;
  teams: Array<{ teamId: number; teamName: string }>;
  players: Array<{ id: number; label: string }>;
}) {
  const [saved, setSaved] = useState(false);
  const standingRank = new Map(result.standings.rows.map((r) => [r.teamId, r.rank]));
  const { control, register, handleSubmit, formState, setError } = useForm<Form>({
    resolver: zodResolver(leagueResultInput) as unknown as Resolver<Form>,
    defaultValues: {
      ranks: teams.map((t) => {
        const entered = result.ranks.find((r) => r.teamId === t.teamId);
        return {
          teamId: t.teamId,
          rank: entered?.rank ?? standingRank.get(t.teamId),
          note: entered?.note ?? '',
        };
      }),
      awards: result.awards.map((a) => ({
        awardName: a.awardName,
        playerId: a.playerId,
        teamId: a.teamId,
        note: a.note,
      })),
    },
  });
  const awards = useFieldArray({ control, name: 'awards' });
  const errors = formState.errors;
  const submit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      await saveLeagueResult(leagueId, values);
      setSaved(true);
    } catch (error) {
      applyServerErrors(error, setError, ['ranks', 'awards']);
    }
  });
  const apiError = (errors as Record<string, { message?: string }>)[API_ERROR_KEY]?.message;
  return (
    <form onSubmit={submit} noValidate className="result-form">
      <section aria-labelledby="final-ranks">
        <h2 id="final-ranks">최종 순위</h2>
        <div className="table-scroll">
          <table>
            <caption>팀별 최종 순위 (순위표 순위가 미리 들어 있습니다)</caption>
            <thead>
              <tr>
                <th scope="col">팀</th>
                <th scope="col">순위표</th>
                <th scope="col">최종 순위</th>
                <th scope="col">비고</th>
              </tr>
            </thead>
            <tbody>
              {teams.map((t, i) => (
                <tr key={t.teamId}>
                  <th scope="row">{t.teamName}</th>
                  <td>{standingRank.get(t.teamId) ?? '—'}</td>
                  <td>
                    <input
                      className="cell"
                      inputMode="numeric"
                      aria-label={`${t.teamName} 최종 순위`}
                      aria-invalid={!!errors.ranks?.[i]?.rank}
                      {...register(`ranks.${i}.rank`, { setValueAs: numOrUndefined })}
                    />
                    {errors.ranks?.[i]?.rank ? (
                      <p className="field-error">{errors.ranks[i]?.rank?.message}</p>
                    ) : null}
                  </td>
                  <td>
                    <input aria-label={`${t.teamName} 비고`} {...register(`ranks.${i}.note`)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="awards">
        <h2 id="awards">시상</h2>
        {awards.fields.map((f, i) => (
          <fieldset key={f.id} className="award-row">
            <legend>시상 {i + 1}</legend>
            <div className="form-grid">
              <div className="field">
                <label htmlFor={`award-${i}-name`}>상 이름</label>
                <input
                  id={`award-${i}-name`}
                  aria-invalid={!!errors.awards?.[i]?.awardName}
                  {...register(`awards.${i}.awardName`)}
                />
                {errors.awards?.[i]?.awardName ? (
                  <p className="field-error">{errors.awards[i]?.awardName?.message}</p>
                ) : null}
              </div>
              <div className="field">
                <label htmlFor={`award-${i}-player`}>수상 선수</label>
                <select
                  id={`award-${i}-player`}
                  aria-invalid={!!errors.awards?.[i]?.playerId}
                  {...register(`awards.${i}.playerId`, { setValueAs: idOrNull })}
                >
                  <option value="">없음</option>
                  {players.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.label}
                    </option>
                  ))}
                </select>
                {errors.awards?.[i]?.playerId ? (
                  <p className="field-error">{errors.awards[i]?.playerId?.message}</p>
                ) : null}
              </div>
              <div className="field">
                <label htmlFor={`award-${i}-team`}>수상 팀</label>
                <select
                  id={`award-${i}-team`}
                  {...register(`awards.${i}.teamId`, { setValueAs: idOrNull })}
                >
                  <option value="">없음</option>
                  {teams.map((t) => (
                    <option key={t.teamId} value={t.teamId}>
                      {t.teamName}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`award-${i}-note`}>비고</label>
                <input id={`award-${i}-note`} {...register(`awards.${i}.note`)} />
              </div>
            </div>
            <button type="button" className="danger" onClick={() => awards.remove(i)}>
              시상 {i + 1} 빼기
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          onClick={() => awards.append({ awardName: '', playerId: null, teamId: null, note: '' })}
        >
          시상 추가
        </button>
      </section>
      {apiError ? <StatusMessage kind="error">{apiError}</StatusMessage> : null}
      {saved ? (
        <StatusMessage kind="success" focus>
          리그 결과를 저장했습니다.
        </StatusMessage>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? '저장 중…' : '결과 저장'}
        </button>
      </div>
    </form>
  );
}

/** /admin/league/resultform/{leagueId}: final ranks and awards of a league. */
export default function ResultFormScreen({ params }: ScreenProps) {
  const leagueId = Number(params.leagueId);
  const { data, error } = useApiData(() => load(leagueId), [leagueId]);
  return (
    <section className="screen">
      <ScreenHeader title={data ? `${data.result.leagueName} 결과 입력` : '리그 결과 입력'}>
        <Link href={adminPaths.resultList(data?.league.seasonId)}>리그 결과 목록</Link>
      </ScreenHeader>
      {data ? (
        <WorkContext seasonName={data.league.seasonName} leagueName={data.league.leagueName} />
      ) : null}
      {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
      {!data && !error ? <Loading /> : null}
      {data ? (
        <>
          <section aria-labelledby="standings">
            <h2 id="standings">순위표 ({data.result.standings.rankingLabel})</h2>
            <div className="table-scroll">
              <table>
                <caption>경기 결과로 계산한 순위</caption>
                <thead>
                  <tr>
                    <th scope="col">순위</th>
                    <th scope="col">팀</th>
                    <th scope="col">경기</th>
                    <th scope="col">승</th>
                    <th scope="col">패</th>
                    <th scope="col">무</th>
                    <th scope="col">승률</th>
                    <th scope="col">승차</th>
                  </tr>
                </thead>
                <tbody>
                  {data.result.standings.rows.map((r) => (
                    <tr key={r.teamId}>
                      <td>{r.rank}</td>
                      <th scope="row">{r.teamName}</th>
                      <td>{r.g}</td>
                      <td>{r.w}</td>
                      <td>{r.l}</td>
                      <td>{r.d}</td>
                      <td>{r.pctText}</td>
                      <td>{r.gbText}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <ResultForm
            leagueId={leagueId}
            result={data.result}
            teams={data.teams}
            players={data.players}
          />
        </>
      ) : null}
    </section>
  );
}
