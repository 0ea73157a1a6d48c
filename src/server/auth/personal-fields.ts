import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import type { ManagerGrade } from '../db/schema.ts';
import type { AuthUser } from './auth-user.ts';
import { unauthorized } from '../http/api-error.ts';
import { expiredMessage } from './authenticate.ts';
import type { Subject } from './access-chain.ts';
import { noteRead } from './access-record.ts';

/**
 * The fields of a person (player, coach, account) that only those whose job needs them may see:
 * phone numbers, birth dates and e-mail addresses, and the link between a player or coach and a
 * member account. Every read that returns people leaves them out unless `PersonalScope` says yes.
 */
export const personalFields = ['phone', 'birthDate', 'email', 'userId'] as const;

/** Whether a change of an account names its e-mail, phone or birthday (a 변경 of the access record). */
export const touchesAccountFields = (patch: object): boolean =>
  ['email', 'phone', 'birthday'].some((field) => field in patch);

/** Whether a change names a personal field: such a change is a 변경 of the access record. */
export const touchesPersonalFields = (patch: object): boolean =>
  personalFields.some((field) => field in patch);

/**
 * Whether the caller may see the personal fields of one person of association `mainId` whose
 * current teams (a career covering today in Asia/Seoul) are `teamIds`; accounts and other people
 * of no team are asked with no teams. A read that hands the fields out names the person
 * (`subject`): a yes for a named person is what the access record counts as 조회 (access-record.ts).
 */
export type PersonalScope = (
  mainId: number,
  teamIds?: readonly number[],
  subject?: Subject,
) => boolean;

export const noPersonalFields: PersonalScope = () => false;

/** For the answer to a write: whoever may change a person has just given these fields. */
export const allPersonalFields: PersonalScope = () => true;

/** Grades that run an association and so see its people: 1 협회 관리자 and 2 리그 운영자. */
const staffGrades: ManagerGrade[] = [1, 2];

/**
 * The one rule, by job: site admins see them everywhere; 협회 관리자 and 리그 운영자 (grades 1–2)
 * see those of their association's people; a team manager sees those of the people who are on a
 * team he manages now, and of nobody else. A 기록원 (grade 3), a board writer or an account
 * without a role sees none: a scorer needs names and numbers, not phone numbers or birthdays.
 */
export async function personalScope(db: Db, user: AuthUser | null): Promise<PersonalScope> {
  if (!user) return noPersonalFields;
  if (user.isAdmin) return () => true;
  const [grades, teams] = await Promise.all([
    db
      .selectFrom('league_managers')
      .select('main_id')
      .where('user_id', '=', user.id)
      .where('grade', 'in', staffGrades)
      .execute(),
    db.selectFrom('team_managers').select('team_id').where('user_id', '=', user.id).execute(),
  ]);
  const mains = new Set(grades.map((r) => r.main_id));
  const managed = new Set(teams.map((r) => r.team_id));
  return (mainId, teamIds = []) =>
    mains.has(mainId) || teamIds.some((teamId) => managed.has(teamId));
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
 * Each person it lets the request see is noted for the access record.
 */
export function personalScopeOf(c: Context<AppEnv>): Promise<PersonalScope> {
  if (c.var.authError === 'expired') throw unauthorized(expiredMessage);
  const known = scopes.get(c.req.raw);
  if (known) return known;
  const request = c.req.raw;
  const made = personalScope(c.var.deps.db, c.var.user).then(
    (sees): PersonalScope =>
      (mainId, teamIds, subject) => {
        const yes = sees(mainId, teamIds);
        if (yes && subject) noteRead(request, subject);
        return yes;
      },
  );
  scopes.set(c.req.raw, made);
  return made;
}
const scopes = new WeakMap<Request, Promise<PersonalScope>>();
