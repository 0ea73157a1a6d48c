import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import type { AuthUser } from './auth-user.ts';
import { unauthorized } from '../http/api-error.ts';
import { expiredMessage } from './authenticate.ts';

/**
 * The fields of a person (player, coach, account) that only the people running an association may
 * see: phone numbers, birth dates and e-mail addresses, and the link between a player or coach and
 * a member account. Every read that returns people leaves them out unless `PersonalScope` says yes.
 */
export const personalFields = ['phone', 'birthDate', 'email', 'userId'] as const;

/** Whether the caller may see the personal fields of people of the given association. */
export type PersonalScope = (mainId: number) => boolean;

export const noPersonalFields: PersonalScope = () => false;

/**
 * The one rule: site admins see them everywhere; managers of an association (any grade) and
 * managers of one of its teams see them in that association. Anyone else, signed in or not
 * (a board writer, an account without a role), sees people without them.
 */
export async function personalScope(db: Db, user: AuthUser | null): Promise<PersonalScope> {
  if (!user) return noPersonalFields;
  if (user.isAdmin) return () => true;
  const rows = await db
    .selectFrom('league_managers')
    .select('main_id')
    .where('user_id', '=', user.id)
    .union(
      db
        .selectFrom('team_managers')
        .innerJoin('teams', 'teams.id', 'team_managers.team_id')
        .select('teams.main_id')
        .where('team_managers.user_id', '=', user.id),
    )
    .execute();
  const mains = new Set(rows.map((r) => r.main_id));
  return (mainId) => mains.has(mainId);
}

/**
 * Member accounts belong to no association: their e-mail, phone and birthday are seen by the
 * account itself, by site admins and by 협회 관리자 (grade 1 of any association), who find accounts
 * by e-mail to give them roles (the accounts screen). Everyone else is refused those reads.
 */
export async function seesAccountFields(db: Db, user: AuthUser): Promise<boolean> {
  if (user.isAdmin) return true;
  const row = await db
    .selectFrom('league_managers')
    .select('id')
    .where('user_id', '=', user.id)
    .where('grade', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The scope of the request's caller, worked out once per request. A caller whose access token has
 * run out is refused (401, so the client refreshes it and asks again) rather than answered as an
 * anonymous visitor: staff would otherwise get people without birth dates, with no sign why.
 */
export function personalScopeOf(c: Context<AppEnv>): Promise<PersonalScope> {
  if (c.var.authError === 'expired') throw unauthorized(expiredMessage);
  const known = scopes.get(c.req.raw);
  if (known) return known;
  const made = personalScope(c.var.deps.db, c.var.user);
  scopes.set(c.req.raw, made);
  return made;
}
const scopes = new WeakMap<Request, Promise<PersonalScope>>();
