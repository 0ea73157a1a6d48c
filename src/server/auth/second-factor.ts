import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/api-error.ts';
import { audit } from '../services/audit.ts';
import { verifyPassword } from './passwords.ts';
import {
  looksLikeTotpCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
} from './totp.ts';
import type { AuthUser } from './auth-user.ts';

/**
 * The second factor of an account (decision 147): set-up, turning it on, the check at sign-in,
 * turning it off, recovery codes, and an association's rule that its managers use one.
 */

export const wrongCodeMessage =
  '일회용 코드가 올바르지 않습니다. 인증 앱에 지금 표시된 6자리 코드를 입력해 주세요.';
export const setupFirstMessage = '2단계 인증을 먼저 설정해 주세요.';

export interface TotpState {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** names of the associations whose rule asks this account for a second factor */
  requiredBy: string[];
  /** required and not on: every write but the set-up is refused until it is */
  setupRequired: boolean;
}

async function enabledRow(db: Db | Tx, userId: number) {
  return db
    .selectFrom('user_totp')
    .selectAll()
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
}

/** The associations that require a second factor of the user, as one of their managers. */
async function requiringAssociations(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('league_managers as m')
    .innerJoin('league_main as a', 'a.id', 'm.main_id')
    .select('a.name')
    .where('m.user_id', '=', userId)
    .where('a.require_totp', '=', 1)
    .orderBy('a.id')
    .execute();
  return [...new Set(rows.map((r) => r.name))];
}

export async function totpState(db: Db, userId: number): Promise<TotpState> {
  const [row, requiredBy, left] = await Promise.all([
    enabledRow(db, userId),
    requiringAssociations(db, userId),
    db
      .selectFrom('totp_recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  const enabled = row !== undefined;
  return {
    enabled,
    recoveryCodesLeft: enabled ? Number(left.n) : 0,
    requiredBy,
    setupRequired: !enabled && requiredBy.length > 0,
  };
}

/** Whether every write of the user but the set-up is to be refused (see write-gate.ts). */
export async function mustSetUpFirst(db: Db, userId: number): Promise<boolean> {
  if (await enabledRow(db, userId)) return false;
  return (await requiringAssociations(db, userId)).length > 0;
}

/** A new secret for the user, kept but not on until `enableTotp` sees a right code. */
export async function startTotpSetup(
  db: Db,
  user: AuthUser,
  now = Date.now(),
): Promise<{ secret: string; otpauthUrl: string }> {
  if (await enabledRow(db, user.id))
    throw conflict('이미 2단계 인증을 쓰고 있습니다. 새로 설정하려면 먼저 꺼 주세요.');
  const secret = newTotpSecret();
  await db
    .insertInto('user_totp')
    .values({
      user_id: user.id,
      secret,
      enabled_at: null,
      last_step: null,
      created_at: new Date(now).toISOString(),
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ secret, created_at: new Date(now).toISOString() }),
    )
    .execute();
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}

/** Replaces the user's recovery codes with ten new ones; the plain codes are shown once. */
async function replaceRecoveryCodes(tx: Tx, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
  await tx
    .insertInto('totp_recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(code) })))
    .execute();
  return codes;
}

/** Turns the set-up secret on with a right code; returns the recovery codes. */
export async function enableTotp(
  db: Db,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<string[]> {
  return writeTx(db, async (tx) => {
    const row = await tx
      .selectFrom('user_totp')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw badRequest('먼저 2단계 인증 설정을 시작해 주세요.');
    if (row.enabled_at) throw conflict('이미 2단계 인증을 쓰고 있습니다.');
    const step = matchingStep(row.secret, code.trim(), now);
    if (step === null) throw badRequest(wrongCodeMessage, { code: wrongCodeMessage });
    await tx
      .updateTable('user_totp')
      .set({ enabled_at: new Date(now).toISOString(), last_step: step })
      .where('user_id', '=', userId)
      .execute();
    const codes = await replaceRecoveryCodes(tx, userId);
    await audit(tx, { userId, action: 'totp-enabled', entity: 'user', entityId: userId });
    return codes;
  });
}

export type SecondFactorCheck = 'off' | 'missing' | 'passed' | 'wrong';

/**
 * The second factor at sign-in, after a right password. A one-time code is taken once: its
 * time-step must be later than the last one taken, set in the same statement that checks it, so
 * two sign-ins racing with one code cannot both pass. A recovery code is spent the same way.
 */
export async function checkSecondFactor(
  db: Db,
  userId: number,
  otp: string | undefined,
  now = Date.now(),
): Promise<SecondFactorCheck> {
  const row = await enabledRow(db, userId);
  if (!row) return 'off';
  const given = otp?.trim() ?? '';
  if (given === '') return 'missing';
  if (looksLikeTotpCode(given)) {
    const step = matchingStep(row.secret, given, now);
    if (step === null) return 'wrong';
    const taken = await db
      .updateTable('user_totp')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return taken.numUpdatedRows > 0n ? 'passed' : 'wrong';
  }
  const spent = await db
    .updateTable('totp_recovery_codes')
    .set({ used_at: new Date(now).toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryCodeHash(given))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (spent.numUpdatedRows === 0n) return 'wrong';
  await audit(db, { userId, action: 'totp-recovery-used', entity: 'user', entityId: userId });
  return 'passed';
}

/**
 * The owner proves it is him before turning the factor off or getting new recovery codes: a code
 * of now (or a recovery code), or the password.
 */
async function proveOwner(
  db: Db,
  userId: number,
  proof: { code?: string; password?: string },
): Promise<void> {
  if (proof.code) {
    if ((await checkSecondFactor(db, userId, proof.code)) === 'passed') return;
    throw badRequest(wrongCodeMessage, { code: wrongCodeMessage });
  }
  if (proof.password) {
    const user = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (await verifyPassword(user.password_hash, proof.password)) return;
    const message = '비밀번호가 올바르지 않습니다.';
    throw badRequest(message, { password: message });
  }
  throw badRequest('지금의 일회용 코드나 비밀번호를 입력해 주세요.');
}

async function removeTotp(tx: Tx, userId: number): Promise<void> {
  await tx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
  await tx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
}

/** The owner turns the second factor off. */
export async function disableTotp(
  db: Db,
  userId: number,
  proof: { code?: string; password?: string },
): Promise<void> {
  if (!(await enabledRow(db, userId))) throw badRequest('2단계 인증을 쓰고 있지 않습니다.');
  await proveOwner(db, userId, proof);
  await writeTx(db, async (tx) => {
    await removeTotp(tx, userId);
    await audit(tx, { userId, action: 'totp-disabled', entity: 'user', entityId: userId });
  });
}

/** The owner replaces his recovery codes (the old ones stop working). */
export async function regenerateRecoveryCodes(
  db: Db,
  userId: number,
  proof: { code?: string; password?: string },
): Promise<string[]> {
  if (!(await enabledRow(db, userId))) throw badRequest('2단계 인증을 쓰고 있지 않습니다.');
  await proveOwner(db, userId, proof);
  return writeTx(db, async (tx) => {
    const codes = await replaceRecoveryCodes(tx, userId);
    await audit(tx, {
      userId,
      action: 'totp-recovery-renewed',
      entity: 'user',
      entityId: userId,
    });
    return codes;
  });
}

/**
 * A site admin, or a 협회 관리자 (grade 1) for a manager of his association, takes a person's
 * second factor off (a lost phone); the person sets up a new one at the next sign-in.
 */
export async function resetTotp(db: Db, actor: AuthUser, targetId: number): Promise<boolean> {
  const target = await db
    .selectFrom('users')
    .select(['id', 'email', 'is_admin'])
    .where('id', '=', targetId)
    .executeTakeFirst();
  if (!target) throw notFound('회원');
  if (!actor.isAdmin) {
    const shared = await db
      .selectFrom('league_managers as mine')
      .innerJoin('league_managers as theirs', 'theirs.main_id', 'mine.main_id')
      .select('mine.main_id')
      .where('mine.user_id', '=', actor.id)
      .where('mine.grade', '=', 1)
      .where('theirs.user_id', '=', targetId)
      .executeTakeFirst();
    if (!shared || target.is_admin === 1)
      throw forbidden('이 회원의 2단계 인증을 초기화할 권한이 없습니다.');
  }
  return writeTx(db, async (tx) => {
    const had = await tx
      .selectFrom('user_totp')
      .select(['enabled_at'])
      .where('user_id', '=', targetId)
      .executeTakeFirst();
    await removeTotp(tx, targetId);
    await audit(tx, {
      userId: actor.id,
      action: 'totp-reset',
      entity: 'user',
      entityId: targetId,
      before: { email: target.email, totpEnabled: Boolean(had?.enabled_at) },
      after: { email: target.email, totpEnabled: false },
    });
    return Boolean(had?.enabled_at);
  });
}

/** A site admin or the association's 협회 관리자 sets whether its managers need a second factor. */
export async function setTotpRequirement(
  db: Db,
  actor: AuthUser,
  mainId: number,
  required: boolean,
): Promise<void> {
  await writeTx(db, async (tx) => {
    const main = await tx
      .selectFrom('league_main')
      .select(['id', 'require_totp'])
      .where('id', '=', mainId)
      .executeTakeFirst();
    if (!main) throw notFound('협회');
    await tx
      .updateTable('league_main')
      .set({ require_totp: required ? 1 : 0 })
      .where('id', '=', mainId)
      .execute();
    // its own action: recorded even when it sets the rule as it was (who looked at it, and when)
    await audit(tx, {
      userId: actor.id,
      action: 'totp-requirement',
      entity: 'league_main',
      entityId: mainId,
      before: { requireTotp: main.require_totp === 1 },
      after: { requireTotp: required },
    });
  });
}
