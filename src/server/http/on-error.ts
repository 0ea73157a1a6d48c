import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import pg from 'pg';
import { ApiError } from './api-error.ts';
import { logger } from '../logger.ts';

/** Turns any thrown error into the JSON envelope; never leaks a stack trace. */
export function onError(err: Error, c: Context): Response {
  if (err instanceof ApiError) {
    return c.json(
      { ok: false, message: err.message, ...(err.errors ? { errors: err.errors } : {}) },
      err.status,
    );
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status === 400)
      return c.json(
        { ok: false, message: '요청 본문을 해석할 수 없습니다. 보낸 형식을 확인해 주세요.' },
        400,
      );
    if (status === 413) return c.json({ ok: false, message: '요청이 너무 큽니다.' }, 413);
    if (status === 415)
      return c.json(
        {
          ok: false,
          message: '지원하지 않는 형식입니다. JSON(application/json) 형식으로 보내 주세요.',
        },
        415,
      );
    if (status < 500) return c.json({ ok: false, message: '요청을 처리할 수 없습니다.' }, status);
  }
  const database = postgresMessage(err) ?? sqliteMessage(err);
  if (database) return c.json({ ok: false, message: database.message }, database.status);
  logger.error('unhandled error', {
    reqId: c.req.header('x-request-id'),
    path: c.req.path,
    method: c.req.method,
    error: err.message,
    stack: err.stack,
  });
  return c.json(
    { ok: false, message: '서버에서 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.' },
    500,
  );
}

type DatabaseMessage = { status: 409 | 503 | 507; message: string };

const messages = {
  unique: { status: 409, message: '이미 같은 값이 등록되어 있습니다.' },
  reference: {
    status: 409,
    message: '연결된 기록이 있거나 참조하는 항목이 없어 처리할 수 없습니다.',
  },
  range: { status: 409, message: '입력한 값이 허용 범위를 벗어났습니다.' },
  busy: { status: 503, message: '요청이 많아 잠시 처리할 수 없습니다. 다시 시도해 주세요.' },
  storage: {
    status: 507,
    message: '저장 공간 문제로 기록하지 못했습니다. 관리자에게 문의해 주세요.',
  },
} as const satisfies Record<string, DatabaseMessage>;

/**
 * The same failures on PostgreSQL, by SQLSTATE (decision 151): constraint violations, a
 * serialization failure or deadlock between concurrent writes, a full disk or a read-only server.
 */
function postgresMessage(err: Error): DatabaseMessage | null {
  if (!(err instanceof pg.DatabaseError)) return null;
  const code = err.code ?? '';
  if (code === '23505') return messages.unique;
  if (code === '23503') return messages.reference;
  if (code === '23514' || code === '23502') return messages.range;
  if (code === '40001' || code === '40P01' || code === '55P03') return messages.busy;
  if (code === '53100' || code === '25006') return messages.storage;
  return null;
}

/** Constraint failures that slipped past validation still get a clear 409, not a 500. */
function sqliteMessage(err: Error): DatabaseMessage | null {
  const code = (err as { code?: string; errcode?: number }).code;
  const text = err.message ?? '';
  if (code !== 'ERR_SQLITE_ERROR' && !/SQLITE|constraint/i.test(text)) return null;
  if (/UNIQUE constraint/i.test(text)) return messages.unique;
  if (/FOREIGN KEY constraint/i.test(text)) return messages.reference;
  if (/CHECK constraint|NOT NULL constraint/i.test(text)) return messages.range;
  if (/database is locked|SQLITE_BUSY/i.test(text)) return messages.busy;
  if (/disk is full|SQLITE_FULL|readonly|SQLITE_READONLY|disk I\/O/i.test(text))
    return messages.storage;
  return null;
}
