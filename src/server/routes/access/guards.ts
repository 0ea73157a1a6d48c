import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import { requireGrade, requireSignedIn } from '../../auth/permissions.ts';
import type { ManagerGrade } from '../../db/schema.ts';
import { assertMain } from '../../services/access.ts';
import { forbidden } from '../../http/api-error.ts';
import { seesAccountFields } from '../../auth/personal-fields.ts';

/** The caller must be signed in and be the user asked about, or a site admin. */
export function requireSelfOrAdmin(c: Context<AppEnv>, userId: number): AuthUser {
  const user = requireSignedIn(c);
  if (user.id !== userId && !user.isAdmin) throw forbidden('다른 회원의 정보는 볼 수 없습니다.');
  return user;
}

/** The caller must be signed in and be the user asked about, a site admin or a 협회 관리자. */
export async function requireSelfOrManager(c: Context<AppEnv>, userId: number): Promise<AuthUser> {
  const user = requireSignedIn(c);
  if (user.id === userId || user.isAdmin || (await seesAccountFields(c.var.deps.db, user)))
    return user;
  throw forbidden('다른 회원의 정보는 볼 수 없습니다.');
}

/** Site admins and 협회 관리자 may look accounts up (to give roles); others get 403. */
export async function requireUserReader(c: Context<AppEnv>): Promise<AuthUser> {
  const user = requireSignedIn(c);
  if (user.isAdmin || (await seesAccountFields(c.var.deps.db, user))) return user;
  throw forbidden('회원 목록은 사이트 관리자와 협회 관리자만 볼 수 있습니다.');
}

/** 401 when signed out, then 404 for an unknown association, then 403 without one of the grades (site admins pass). */
export async function requireGradeIn(
  c: Context<AppEnv>,
  mainId: number,
  allowed: ManagerGrade[],
): Promise<AuthUser> {
  requireSignedIn(c);
  await assertMain(c.var.deps.db, mainId);
  return requireGrade(c, mainId, allowed);
}
