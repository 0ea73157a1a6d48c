import type { Player } from '../../../lib/schemas/player.ts';
import type { PlayerIdentity } from '../../../lib/describe-player.ts';

/** A listed player's name, current teams and birth date, as describePlayer reads them. */
export const identityOf = (p: Player): PlayerIdentity => ({
  name: p.name,
  teams: p.currentTeams.map((t) => t.teamName),
  birthDate: p.birthDate,
});
