import { describe, expect, it } from 'vitest';
import { rosterInput } from '../../lib/schemas/league-team.ts';

describe('rosterInput', () => {
  it('defaults the status to active and allows players without a number', () => {
    expect(
      rosterInput.parse({
        players: [
          { playerId: 1 },
          { playerId: 2, backNumber: null },
          { playerId: 3, backNumber: 0 },
        ],
      }).players,
    ).toEqual([
      { playerId: 1, status: 'active' },
      { playerId: 2, backNumber: null, status: 'active' },
      { playerId: 3, backNumber: 0, status: 'active' },
    ]);
  });

  it('points at the second use of a back number or a player', () => {
    const result = rosterInput.safeParse({
      players: [
        { playerId: 1, backNumber: 9 },
        { playerId: 2, backNumber: 9 },
        { playerId: 1 },
        { playerId: 4, backNumber: null },
        { playerId: 5, backNumber: null },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual([
      'players.1.backNumber',
      'players.2.playerId',
    ]);
  });
});
