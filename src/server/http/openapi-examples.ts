/**
 * Examples of the main calls in the OpenAPI document, by operationId: answers of the demo
 * association as the API gives them (tokens shortened). The OpenAPI lint in CI checks each against
 * its schema, so an example that drifts from the API fails the build.
 */
export const openApiExamples: Record<string, { request?: unknown; response: unknown }> = {
  login: {
    request: {
      email: 'league1@sbsa.kr',
      password: 'demo-password-1',
    },
    response: {
      ok: true,
      data: {
        user_id: 1,
        username: '박정호',
        nickname: '협회 관리자',
        email: 'league1@sbsa.kr',
        phone: '010-0000-0000',
        photo: null,
        gender: 'M',
        birthday: '1971-05-14',
        access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
        refresh_token: 'pfgdMVM0x1XaDgz3OwiRI6jOVXSAxxncFPPIGrYEurI',
      },
    },
  },
  listSeasons: {
    response: {
      ok: true,
      data: [
        {
          seasonId: 3,
          mainId: 1,
          seasonName: '2026 시즌',
          year: 2026,
          active: true,
        },
        {
          seasonId: 2,
          mainId: 1,
          seasonName: '2025 시즌',
          year: 2025,
          active: false,
        },
        {
          seasonId: 1,
          mainId: 1,
          seasonName: '2024 시즌',
          year: 2024,
          active: false,
        },
      ],
    },
  },
  getLeague: {
    response: {
      ok: true,
      data: {
        leagueId: 10,
        seasonId: 3,
        seasonName: '2026 시즌',
        year: 2026,
        leagueMain: {
          mainId: 1,
          path: 'sbsa',
          name: '대한소프트볼협회',
        },
        divisionId: 2,
        divisionName: '남자 1부',
        leagueName: '2026 남자 1부 리그',
        logo: null,
        startDate: '2026-04-04',
        endDate: '2026-12-05',
        status: 'ongoing',
        statusLabel: '진행 중',
        inningsPerGame: 7,
        runAheadRule: [
          {
            afterInning: 3,
            runs: 15,
          },
          {
            afterInning: 4,
            runs: 10,
          },
          {
            afterInning: 5,
            runs: 7,
          },
        ],
        tiesAllowed: false,
        rankingMethod: 'pct',
        pointsWin: 2,
        pointsDraw: 1,
        pointsLoss: 0,
        tieBreakers: ['h2h', 'tqb', 'er_tqb', 'avg', 'lots'],
        eraBasis: 7,
        qualifyPaPerGame: 2.5,
        qualifyIpPerGame: 1,
        scheduleUploadId: null,
        teamCount: 8,
      },
    },
  },
  leagueSchedule: {
    response: {
      ok: true,
      data: {
        total: 57,
        offset: 0,
        limit: 500,
        games: [
          {
            gameId: 344,
            leagueId: 10,
            leagueName: '2026 남자 1부 리그',
            seasonId: 3,
            gameNo: 1,
            round: '1라운드',
            stage: 'regular',
            stageLabel: '정규리그',
            date: '2026-04-04',
            time: '09:00',
            venue: '부산 기장 소프트볼장',
            homeTeamId: 12,
            homeTeamName: '울산 웨일즈',
            homeTeamShortName: '웨일즈',
            awayTeamId: 8,
            awayTeamName: '대구 라이온하트',
            awayTeamShortName: '라이온하트',
            status: 'final',
            statusLabel: '종료',
            homeScore: 7,
            awayScore: 9,
            inningsPlayed: 7,
            forfeitWinnerTeamId: null,
            hasRecord: true,
            notes: '',
          },
        ],
      },
    },
  },
};
