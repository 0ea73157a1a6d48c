import { crc32, deflateRawSync } from 'node:zlib';
import type { TestApp } from '../helpers/test-app.ts';
import type { RosterStatus } from '../../src/server/db/schema.ts';

/**
 * A small league built straight in the database for the schedule, game, record, result and stats
 * suites: one season, one league of three teams (홈 레드삭스, 원정 갈매기, 라이온즈), nine players on
 * each roster, and on the home team one player for each reason a player may not play.
 */
export interface GameFixture {
  mainId: number;
  seasonId: number;
  leagueId: number;
  otherLeagueId: number;
  team: { home: number; away: number; third: number; outsider: number };
  /** nine rostered players per team, in batting order; [0] and [1] also pitch */
  roster: { home: number[]; away: number[]; third: number[] };
  /** home-team players who may not play, by reason */
  bad: { suspended: number; released: number; late: number; otherTeam: number; notListed: number };
  gameDate: string;
}

export const GAME_DATE = '2025-05-10';

async function insertPlayer(t: TestApp, name: string, position = '내야수'): Promise<number> {
  const row = await t.db
    .insertInto('players')
    .values({ main_id: t.main.id, name, position, birth_date: '1995-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function buildGameFixture(t: TestApp, seasonName = '2025 시즌'): Promise<GameFixture> {
  const db = t.db;
  const season = await db
    .insertInto('seasons')
    .values({ main_id: t.main.id, name: seasonName, year: 2025, active: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const league = await db
    .insertInto('leagues')
    .values({
      season_id: season.id,
      name: '여자부 리그',
      qualify_pa_per_game: 2,
      qualify_ip_per_game: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const otherLeague = await db
    .insertInto('leagues')
    .values({ season_id: season.id, name: '남자부 리그' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const team = async (name: string, shortName: string) =>
    (
      await db
        .insertInto('teams')
        .values({ main_id: t.main.id, name, short_name: shortName })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const home = await team('서울 레드삭스', '레드삭스');
  const away = await team('부산 갈매기', '갈매기');
  const third = await team('대구 라이온즈', '라이온즈');
  const outsider = await team('광주 타이거즈', '타이거즈');
  for (const id of [home, away, third])
    await db.insertInto('league_teams').values({ league_id: league.id, team_id: id }).execute();
  await db
    .insertInto('league_teams')
    .values({ league_id: otherLeague.id, team_id: outsider })
    .execute();

  const enlist = async (
    teamId: number,
    playerId: number,
    back: number | null,
    status: RosterStatus = 'active',
    registeredOn = '2025-03-01',
  ) => {
    await db
      .insertInto('team_players')
      .values({ team_id: teamId, player_id: playerId, back_number: back, from_date: '2025-01-01' })
      .execute();
    await db
      .insertInto('league_players')
      .values({
        league_id: league.id,
        team_id: teamId,
        player_id: playerId,
        back_number: back,
        status,
        registered_on: registeredOn,
      })
      .execute();
  };
  const roster = { home: [] as number[], away: [] as number[], third: [] as number[] };
  const families = { home: '김', away: '이', third: '박' } as const;
  for (const side of ['home', 'away', 'third'] as const) {
    const teamId = side === 'home' ? home : side === 'away' ? away : third;
    for (let i = 0; i < 9; i++) {
      const id = await insertPlayer(t, `${families[side]}선수${i + 1}`, i < 2 ? '투수' : '내야수');
      await enlist(teamId, id, i + 1);
      roster[side].push(id);
    }
  }
  const suspended = await insertPlayer(t, '정지선수');
  await enlist(home, suspended, 50, 'suspended');
  const released = await insertPlayer(t, '방출선수');
  await enlist(home, released, 51, 'released');
  const late = await insertPlayer(t, '늦은선수');
  await enlist(home, late, 52, 'active', '2025-06-01');
  // On the home team's squad but rostered in this league by the third team.
  const otherTeam = await insertPlayer(t, '이적선수');
  await db
    .insertInto('team_players')
    .values({ team_id: home, player_id: otherTeam, back_number: 53, from_date: '2025-01-01' })
    .execute();
  await db
    .insertInto('team_players')
    .values({ team_id: third, player_id: otherTeam, back_number: 53, from_date: '2025-01-01' })
    .execute();
  await db
    .insertInto('league_players')
    .values({
      league_id: league.id,
      team_id: third,
      player_id: otherTeam,
      back_number: 53,
      registered_on: '2025-03-01',
    })
    .execute();
  // On the home team's squad, never put on the league roster.
  const notListed = await insertPlayer(t, '명단밖선수');
  await db
    .insertInto('team_players')
    .values({ team_id: home, player_id: notListed, back_number: 54, from_date: '2025-01-01' })
    .execute();

  return {
    mainId: t.main.id,
    seasonId: season.id,
    leagueId: league.id,
    otherLeagueId: otherLeague.id,
    team: { home, away, third, outsider },
    roster,
    bad: { suspended, released, late, otherTeam, notListed },
    gameDate: GAME_DATE,
  };
}

/** Inserts a game straight into the database. */
export async function insertGame(
  t: TestApp,
  f: GameFixture,
  spec: {
    gameNo: number;
    home?: number;
    away?: number;
    date?: string;
    time?: string | null;
    leagueId?: number;
  },
): Promise<number> {
  const row = await t.db
    .insertInto('games')
    .values({
      league_id: spec.leagueId ?? f.leagueId,
      game_no: spec.gameNo,
      game_date: spec.date ?? f.gameDate,
      game_time: spec.time === undefined ? '10:00' : spec.time,
      venue: '잠실 소프트볼장',
      home_team_id: spec.home ?? f.team.home,
      away_team_id: spec.away ?? f.team.away,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface Totals {
  r: number;
  h: number;
  bb: number;
  so: number;
  hbp: number;
}

/** Nine batting lines adding up to the totals: runs, hits, walks and strikeouts spread over the order. */
export function battingLines(players: number[], totals: Totals, homeRunBy?: number) {
  return players.map((playerId, i) => {
    const h = i < totals.h ? 1 : 0;
    const bb = i >= players.length - totals.bb ? 1 : 0;
    const hbp = i === players.length - totals.bb - 1 && totals.hbp > 0 ? 1 : 0;
    const so = i < totals.so ? 1 : 0;
    const hr = homeRunBy === i ? 1 : 0;
    return {
      playerId,
      battingOrder: i + 1,
      seq: 1,
      position: i === 0 ? 'P' : `${i + 1}`,
      pa: 3 + bb + hbp,
      ab: 3,
      r: i < totals.r ? 1 : 0,
      h,
      b2: 0,
      b3: 0,
      hr,
      rbi: hr,
      bb,
      hbp,
      so,
      sb: 0,
      cs: 0,
      sh: 0,
      sf: 0,
      e: i === 4 ? 1 : 0,
      gidp: 0,
      gwrbi: false,
      hrInnings: [] as number[],
      b2Innings: [] as number[],
      b3Innings: [] as number[],
      sbInnings: [] as number[],
      eInnings: [] as number[],
      gidpInnings: [] as number[],
    };
  });
}

/**
 * A valid box score: the home side (레드삭스 by default) beats the away side (갈매기) 5–3 over 7
 * innings without batting in the bottom of the 7th. Away: 3 R, 6 H, 2 BB, 5 SO, 1 HBP; home: 5 R, 8 H (one HR), 3 BB, 4 SO.
 */
export function validBoxScore(
  f: GameFixture,
  homeRoster = f.roster.home,
  awayRoster = f.roster.away,
) {
  const [h1, h2] = homeRoster;
  const [a1, a2] = awayRoster;
  return {
    status: 'final' as const,
    innings: {
      away: [0, 1, 0, 2, 0, 0, 0],
      home: [1, 0, 2, 0, 2, 0, null] as Array<number | null>,
    },
    away: {
      batting: battingLines(awayRoster, { r: 3, h: 6, bb: 2, so: 5, hbp: 1 }),
      pitching: [
        {
          playerId: a1,
          seq: 1,
          outs: 12,
          bf: 21,
          h: 6,
          r: 4,
          er: 3,
          bb: 2,
          hbp: 0,
          so: 3,
          hr: 1,
          wp: 0,
          decision: 'L' as Decision,
        },
        {
          playerId: a2,
          seq: 2,
          outs: 6,
          bf: 9,
          h: 2,
          r: 1,
          er: 1,
          bb: 1,
          hbp: 0,
          so: 1,
          hr: 0,
          wp: 1,
          decision: null as Decision,
        },
      ],
    },
    home: {
      batting: battingLines(homeRoster, { r: 5, h: 8, bb: 3, so: 4, hbp: 0 }, 0),
      pitching: [
        {
          playerId: h1,
          seq: 1,
          outs: 15,
          bf: 21,
          h: 4,
          r: 2,
          er: 2,
          bb: 1,
          hbp: 1,
          so: 3,
          hr: 0,
          wp: 0,
          decision: 'W' as Decision,
        },
        {
          playerId: h2,
          seq: 2,
          outs: 6,
          bf: 9,
          h: 2,
          r: 1,
          er: 1,
          bb: 1,
          hbp: 0,
          so: 2,
          hr: 0,
          wp: 0,
          decision: 'S' as Decision,
        },
      ],
    },
    winPitcherId: h1 as number | null,
    lossPitcherId: a1 as number | null,
    savePitcherId: h2 as number | null,
    mvpPlayerId: homeRoster[0] as number | null,
    forfeitWinnerTeamId: null as number | null,
    notes: '',
  };
}

export type BoxScoreBody = ReturnType<typeof validBoxScore>;
type Decision = 'W' | 'L' | 'S' | 'H' | null;

/* ---------- A minimal xlsx writer (zip of deflated XML) ---------- */

const xmlEscape = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

function columnName(i: number): string {
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A zip archive with every entry deflated. */
export function zip(entries: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A one-sheet xlsx: strings go to sharedStrings, numbers stay numeric cells (Excel dates are serials). */
export function makeXlsx(rows: Array<Array<string | number | null>>): Buffer {
  const shared: string[] = [];
  const sheetRows = rows
    .map((cells, r) => {
      const xmlCells = cells
        .map((cell, c) => {
          const ref = `${columnName(c)}${r + 1}`;
          if (cell === null) return '';
          if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
          shared.push(cell);
          return `<c r="${ref}" t="s"><v>${shared.length - 1}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${xmlCells}</row>`;
    })
    .join('');
  const files: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="일정" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${shared.length}" uniqueCount="${shared.length}">${shared.map((s) => `<si><t xml:space="preserve">${xmlEscape(s)}</t></si>`).join('')}</sst>`,
  };
  return zip(
    Object.entries(files).map(([name, text]) => ({ name, data: Buffer.from(text, 'utf8') })),
  );
}

/** A multipart body with one `file` field. */
export function fileForm(
  bytes: Uint8Array | string,
  name: string,
  type = 'application/octet-stream',
): FormData {
  const form = new FormData();
  form.append(
    'file',
    new File(
      [typeof bytes === 'string' ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)],
      name,
      { type },
    ),
  );
  return form;
}
