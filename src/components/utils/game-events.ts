import { absoluteUrl, paths } from '../../lib/paths.ts';
import type { SeasonRef } from '../../lib/paths.ts';
import type { GameSummary } from '../../server/read/types.ts';
import { resultText } from './game-labels.ts';
import type { IcsEvent } from './ics.ts';

/** Calendar events of games: away team first, result in the title once played, cancelled games marked so. */
export function gameEvents(
  games: readonly GameSummary[],
  season: SeasonRef,
  origin: string,
): IcsEvent[] {
  const host = new URL(origin).host;
  return games.map((game) => {
    const played = game.status !== 'scheduled';
    return {
      uid: `game-${game.id}@${host}`,
      date: game.date,
      time: game.time,
      durationMinutes: 120,
      summary: `${game.away.shortName} vs ${game.home.shortName}${played ? ` (${resultText(game)})` : ''}`,
      location: game.venue || undefined,
      description: `${game.leagueName} 제${game.gameNo}경기\n${game.away.name}(원정) 대 ${game.home.name}(홈)`,
      url: absoluteUrl(paths.boxScore(season, game.leagueId, game.id), origin),
      status:
        game.status === 'cancelled'
          ? 'CANCELLED'
          : game.status === 'postponed'
            ? 'TENTATIVE'
            : 'CONFIRMED',
      updatedAt: game.updatedAt,
    };
  });
}
