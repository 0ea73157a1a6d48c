import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { forbidden } from '../../http/api-error.ts';
import { managerGrade, requireSignedIn } from '../../auth/permissions.ts';
import { seesAccountFields } from '../../auth/personal-fields.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import { recordAccess } from '../../auth/access-record.ts';
import { subjectOf } from '../../auth/access-chain.ts';
import type { Subject } from '../../auth/access-chain.ts';
import { audit } from '../../services/audit.ts';
import { erasePerson, personExport, personRecords } from '../../services/person-rights.ts';
import type { PersonKind, PersonRecords } from '../../services/person-rights.ts';
import { seoulTimestamp } from '../../../lib/seoul-date.ts';
import * as routes from './person-rights.routes.ts';

const refused =
  '개인정보 열람·삭제 요구는 사이트 관리자나 그 사람이 속한 협회의 협회 관리자만 처리할 수 있습니다.';

/**
 * Who answers a person's request: a site admin, or a 협회 관리자 (grade 1) of every association
 * the person's players and coaches belong to; an account with no player or coach is answered by
 * any 협회 관리자, who already sees every account's fields (auth/personal-fields.ts).
 */
async function requireRightsOfficer(c: Context<AppEnv>, people: PersonRecords): Promise<AuthUser> {
  const user = requireSignedIn(c);
  if (user.isAdmin) return user;
  const db = c.var.deps.db;
  if (people.mainIds.length === 0) {
    if (await seesAccountFields(db, user)) return user;
    throw forbidden(refused);
  }
  for (const mainId of people.mainIds)
    if ((await managerGrade(db, user.id, mainId)) !== 1) throw forbidden(refused);
  return user;
}

/** Everyone a request covers, as the access record names people. */
const subjectsOf = (people: PersonRecords): Subject[] => [
  ...people.playerIds.map((id) => subjectOf('player', id)),
  ...people.coachIds.map((id) => subjectOf('coach', id)),
  ...people.userIds.map((id) => subjectOf('user', id)),
];

/** /api/{players|coaches|users}/{id}/personal-data/…: a person's rights over his data (decision 148). */
export function personRightsRouter() {
  const router = createRouter(routes);

  async function exportPerson(c: Context<AppEnv>, kind: PersonKind, id: number, reason: string) {
    requireSignedIn(c);
    const { db } = c.var.deps;
    const people = await personRecords(db, kind, id);
    const user = await requireRightsOfficer(c, people);
    const file = {
      format: 'sbsa-person-export' as const,
      exportedAt: seoulTimestamp(),
      subject: { kind, id },
      requestedBy: { id: user.id, email: user.email },
      reason,
      ...(await personExport(db, people)),
    };
    await audit(db, {
      userId: user.id,
      action: 'person-exported',
      entity: kind,
      entityId: id,
      after: {
        reason,
        players: people.playerIds,
        coaches: people.coachIds,
        accounts: people.userIds,
      },
    });
    // the file carries personal data: a download in the access record, with the request's reason
    await recordAccess(c, 'download', subjectsOf(people), reason);
    return c.body(JSON.stringify(file, null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="sbsa-person-${kind}-${id}.json"`,
      'Cache-Control': 'no-store',
    });
  }

  async function erase(c: Context<AppEnv>, kind: PersonKind, id: number, reason: string) {
    requireSignedIn(c);
    const { db, config } = c.var.deps;
    const people = await personRecords(db, kind, id);
    const user = await requireRightsOfficer(c, people);
    const erasure = await erasePerson(db, config.sharedDir, people, { actorId: user.id, reason });
    await recordAccess(c, 'delete', subjectsOf(people), reason);
    return ok(c, erasure);
  }

  for (const [kind, exportRoute, eraseRoute] of [
    ['player', routes.exportPlayerData, routes.erasePlayerData],
    ['coach', routes.exportCoachData, routes.eraseCoachData],
    ['user', routes.exportUserData, routes.eraseUserData],
  ] as const) {
    router.openapi(
      exportRoute,
      (c) => exportPerson(c, kind, c.req.valid('param').id, c.req.valid('json').reason) as never,
    );
    router.openapi(eraseRoute, (c) =>
      erase(c, kind, c.req.valid('param').id, c.req.valid('json').reason),
    );
  }
  return router;
}
