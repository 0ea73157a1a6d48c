import { playersFitting } from './record-grid.ts';

/** A player who may be entered for a side, or who may not (with why). */
export interface RosterPlayer {
  playerId: number;
  name: string;
  backNumber: number | null;
  birthDate?: string | null;
  /** why he may not play in this game; absent when he may */
  reason?: string;
}

/** What a player cell's text means: a player, no one, or more than one. */
export type PlayerMatch = { playerId: number } | { problem: 'none' | 'many' };

export interface Roster {
  /** the text a player's cell shows: back number and name ('7 김민준') */
  label: (playerId: number) => string | undefined;
  /** the player a typed or pasted cell means: by its label, back number, name or both */
  find: (text: string) => PlayerMatch | null;
  players: readonly RosterPlayer[];
}

/** Reasons of players who are not on this league's roster for the side: their numbers are not its. */
const OFF_ROSTER = new Set(['리그 명단에 없음', '다른 팀 소속']);

/**
 * One side's players for its cells. Players who may play are matched first, then those on the
 * league roster who may not (suspended, released …), then the team's others: a back number means
 * the one who wears it in this league. Two players who would show the same label get their birth
 * year beside the name.
 */
export function makeRoster(
  eligible: readonly RosterPlayer[],
  ineligible: readonly RosterPlayer[],
): Roster {
  const tiers = [
    eligible,
    ineligible.filter((p) => !OFF_ROSTER.has(p.reason ?? '')),
    ineligible.filter((p) => OFF_ROSTER.has(p.reason ?? '')),
  ];
  const players = tiers.flat();
  const plainLabel = (p: RosterPlayer) =>
    p.backNumber != null ? `${p.backNumber} ${p.name}` : p.name;
  const seen = new Map<string, number>();
  for (const p of players) seen.set(plainLabel(p), (seen.get(plainLabel(p)) ?? 0) + 1);
  const labels = new Map<number, string>(
    players.map((p) => {
      const label = plainLabel(p);
      const twin = (seen.get(label) ?? 0) > 1 && p.birthDate;
      return [p.playerId, twin ? `${label} (${p.birthDate?.slice(0, 4)}년생)` : label];
    }),
  );
  const byLabel = new Map([...labels].map(([id, label]) => [label, id]));
  return {
    label: (id) => labels.get(id),
    players,
    find(text) {
      const cell = text.trim();
      if (cell === '') return null;
      const exact = byLabel.get(cell);
      if (exact !== undefined) return { playerId: exact };
      for (const list of tiers) {
        const fits = playersFitting(cell, list);
        if (fits.length === 1) return { playerId: fits[0].playerId };
        if (fits.length > 1) return { problem: 'many' };
      }
      return { problem: 'none' };
    },
  };
}
