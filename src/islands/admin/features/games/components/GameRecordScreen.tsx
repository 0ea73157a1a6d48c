import { useState } from 'react';
import { shownStatusLabel } from '../../../../../lib/game-status.ts';
import { recordStatusFor, recordStatusLabels } from '../../../../../lib/schemas/game.ts';
import type { GameStatus } from '../../../../../lib/schemas/game.ts';
import { seoulToday } from '../../../../../lib/seoul-date.ts';
import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { useApiData } from '../../../lib/use-api-data.ts';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import type { ScreenProps } from '../../../screen-props.ts';
import { getLeague } from '../../../api/get-league.ts';
import { listLeaguePlayers } from '../../../api/list-league-players.ts';
import { getRecordFormGame } from '../api/get-record-form-game.ts';
import { getIneligible } from '../api/get-ineligible.ts';
import { getGameRecord } from '../api/get-game-record.ts';
import { saveGameRecord } from '../api/save-game-record.ts';
import { RecordForm } from './RecordForm.tsx';
import { WorkContext } from '../../../components/WorkContext.tsx';
import type { SideInfo } from './RecordForm.tsx';

async function sideInfo(
  leagueId: number,
  gameId: number,
  teamId: number,
  teamName: string,
): Promise<SideInfo> {
  const [roster, ineligible] = await Promise.all([
    listLeaguePlayers(leagueId, teamId),
    getIneligible(gameId, teamId),
  ]);
  const refused = new Set(ineligible.map((p) => p.playerId));
  return {
    teamId,
    teamName,
    eligible: roster
      .filter((p) => !refused.has(p.playerId))
      .map((p) => ({
        playerId: p.playerId,
        name: p.playerName,
        backNumber: p.backNumber,
        birthDate: p.birthDate,
      })),
    ineligible,
  };
}

async function load(leagueId: number, gameId: number) {
  const [game, league, record] = await Promise.all([
    getRecordFormGame(leagueId, gameId),
    getLeague(leagueId),
    getGameRecord(gameId),
  ]);
  const [away, home] = await Promise.all([
    sideInfo(leagueId, gameId, game.awayTeamId, game.awayTeamName),
    sideInfo(leagueId, gameId, game.homeTeamId, game.homeTeamName),
  ]);
  return { game, league, record, away, home };
}

/** /admin/league/game/write/{leagueId}/{gameId}: entering or correcting one game's box score. */
export default function GameRecordScreen({ params }: ScreenProps) {
  const leagueId = Number(params.leagueId);
  const gameId = Number(params.gameId);
  const { data, error } = useApiData(() => load(leagueId, gameId), [leagueId, gameId]);
  const [saved, setSaved] = useState<{ gameId: number; status: GameStatus } | null>(null);
  const status = (saved?.gameId === gameId ? saved.status : data?.game.status) ?? 'scheduled';
  const title = data ? `${data.game.gameNo}번 경기 기록 입력` : '경기 기록 입력';
  return (
    <section className="screen">
      <ScreenHeader title={title}>
        <Link href={adminPaths.gameList(data?.league.seasonId, leagueId)}>경기 목록</Link>
      </ScreenHeader>
      {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
      {!data && !error ? <Loading /> : null}
      {data ? (
        <>
          <WorkContext seasonName={data.league.seasonName} leagueName={data.league.leagueName} />
          <p className="game-meta">
            {data.league.leagueName} · {data.game.date} {data.game.time ?? ''} ·{' '}
            {data.game.venue || '구장 미정'} · {data.game.awayTeamName}(원정) 대{' '}
            {data.game.homeTeamName}(홈) ·{' '}
            <span className="game-state">
              {shownStatusLabel(
                { status, date: data.game.date, live: data.record.live },
                seoulToday(),
              )}{' '}
              · 기록 {recordStatusLabels[recordStatusFor(status)]}
            </span>
          </p>
          {data.record.live && !data.record.hasRecord ? (
            <p className="hint">
              실시간으로 입력한 합계 · {data.game.awayTeamName} {data.record.live.awayRuns}점 안타{' '}
              {data.record.live.awayHits ?? '-'} 실책 {data.record.live.awayErrors ?? '-'} ·{' '}
              {data.game.homeTeamName} {data.record.live.homeRuns}점 안타{' '}
              {data.record.live.homeHits ?? '-'} 실책 {data.record.live.homeErrors ?? '-'} (이닝별
              점수는 아래에 채워져 있습니다)
            </p>
          ) : null}
          <RecordForm
            gameId={gameId}
            away={data.away}
            home={data.home}
            tiesAllowed={data.league.tiesAllowed}
            inningsPerGame={data.league.inningsPerGame}
            record={data.record}
            onSave={async (values) => {
              // the line above says at once where the game stands now that its record is in
              const record = await saveGameRecord(gameId, values);
              setSaved({ gameId, status: record.status });
            }}
          />
        </>
      ) : null}
    </section>
  );
}
