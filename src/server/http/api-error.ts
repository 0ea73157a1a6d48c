import { josa } from '../../lib/validation/index.ts';

/** An error whose status and Korean message are safe to show to the client as they are. */
export class ApiError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;
  readonly errors?: Record<string, string>;
  constructor(status: ApiError['status'], message: string, errors?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new ApiError(400, message, errors);
export const unauthorized = (message = '로그인이 필요합니다.') => new ApiError(401, message);
export const forbidden = (message = '이 작업을 할 권한이 없습니다.') => new ApiError(403, message);
export const notFound = (what = '요청한 정보') =>
  new ApiError(404, `${josa(what, '을/를')} 찾을 수 없습니다.`);
export const conflict = (message: string) => new ApiError(409, message);
