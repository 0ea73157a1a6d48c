import { FetchError, ofetch } from 'ofetch';
import type { FetchOptions } from 'ofetch';
import { clearUser, onOtherTabChange, readStoredUser, setTokens } from './auth-store.ts';
import type { LoginUser } from './auth-store.ts';

/** A failed API call with the server's Korean message and, for 400, the messages per field path. */
export class ApiCallError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  constructor(status: number, message: string, errors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiCallError';
    this.status = status;
    this.errors = errors;
  }
}

export const networkErrorMessage = '서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.';
export const sessionEndedMessage = '로그인이 만료되었습니다. 다시 로그인해 주세요.';

/** Where the stored session lives; the browser's is the auth store, tests may bring their own. */
export interface SessionStore {
  read: () => LoginUser | null;
  setTokens: (accessToken: string, refreshToken: string) => void;
  clear: () => void;
  /** Calls back when another tab changes the stored session; returns the call that stops it. */
  onOtherTabChange?: (listener: () => void) => () => void;
}

export interface ApiClientOptions {
  /** Origin for absolute URLs; '' (same origin) in the browser. */
  baseURL?: string;
  fetch?: typeof globalThis.fetch;
  session?: SessionStore;
  /** Web Locks, so only one tab refreshes at a time; null runs without (single tab). */
  locks?: Pick<LockManager, 'request'> | null;
  /** After the session ended (refresh failed or impossible): by default go to /login. */
  onSessionEnd?: () => void;
  /** After logout: by default reload the page. */
  reload?: () => void;
}

export type CallOptions = Omit<
  FetchOptions<'json'>,
  'baseURL' | 'retry' | 'timeout' | 'credentials'
>;

const LOGIN_PATH = '/api/auth/login';
const REFRESH_PATH = '/api/auth/refresh';
const LOCK_NAME = 'sbsa-auth-refresh';
/**
 * How long a tab that waited for another tab's refresh waits for that tab's tokens to reach its
 * own storage. Chromium carries localStorage between tab processes on a channel of its own, so the
 * lock can come a moment before the write.
 */
const STORAGE_SYNC_MS = 1000;

/** The key under which the admin keeps the page to return to after logging in again. */
export const RETURN_TO_KEY = 'sbsa:admin:returnTo';
/** The key under which the server's reason for ending the sign-in waits for the login page. */
export const SIGN_OUT_REASON_KEY = 'sbsa:admin:signOutReason';

/** Keeps why the server ended the sign-in (idle too long, decision 147) for the login page. */
function rememberSignOutReason(reason: string): void {
  try {
    sessionStorage.setItem(SIGN_OUT_REASON_KEY, reason);
  } catch {
    // no session storage: the login page shows no reason
  }
}

const browserSession: SessionStore = {
  read: readStoredUser,
  setTokens,
  clear: clearUser,
  onOtherTabChange,
};

function defaultLocks(): Pick<LockManager, 'request'> | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

function goToLogin(): void {
  if (typeof window === 'undefined') return;
  try {
    sessionStorage.setItem(RETURN_TO_KEY, window.location.pathname + window.location.search);
  } catch {
    // No session storage: the user lands on the dashboard after logging in.
  }
  window.location.assign('/login');
}

function pathOf(url: string): string {
  return url.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0];
}

/** Turns an ofetch failure into an ApiCallError carrying the envelope's message and field errors. */
export function toApiCallError(error: unknown): ApiCallError {
  if (error instanceof ApiCallError) return error;
  if (error instanceof FetchError) {
    const status = error.status ?? 0;
    const body = error.data as { message?: unknown; errors?: unknown } | undefined;
    if (status === 0 || !error.response) return new ApiCallError(0, networkErrorMessage);
    const message =
      typeof body?.message === 'string' ? body.message : `요청을 처리하지 못했습니다. (${status})`;
    const errors =
      body?.errors && typeof body.errors === 'object'
        ? (body.errors as Record<string, string>)
        : {};
    return new ApiCallError(status, message, errors);
  }
  return new ApiCallError(0, networkErrorMessage);
}

/**
 * The JSON API client of SPEC.md §4/§7 and DESIGN.md §8: same origin, Bearer token when one is
 * stored, no cookies, no timeout; a 401 on anything but login triggers one token refresh, shared
 * by the requests waiting on it and coordinated across tabs, and the call is replayed once.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const session = options.session ?? browserSession;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const onSessionEnd = options.onSessionEnd ?? goToLogin;
  const reload = options.reload ?? (() => window.location.reload());

  const raw = ofetch.create(
    {
      baseURL: options.baseURL ?? '',
      retry: 0,
      credentials: 'omit',
      onRequest({ options: request }) {
        // An empty authorization header marks the calls that must go without a token (refresh, logout).
        if (request.headers.get('authorization') === '') {
          request.headers.delete('authorization');
          return;
        }
        const token = session.read()?.accessToken;
        if (token && !request.headers.has('authorization'))
          request.headers.set('authorization', `Bearer ${token}`);
      },
    },
    options.fetch ? { fetch: options.fetch } : undefined,
  );

  let refreshing: Promise<string | null> | null = null;

  async function refreshTokens(rejectedToken: string | undefined): Promise<string | null> {
    // Read storage again: another tab may have refreshed while this one waited for the lock.
    const stored = session.read();
    if (!stored?.refreshToken) return null;
    if (stored.accessToken && stored.accessToken !== rejectedToken) return stored.accessToken;
    try {
      const answer = await raw<{ data: { access_token: string; refresh_token: string } }>(
        REFRESH_PATH,
        {
          method: 'POST',
          body: { refreshToken: stored.refreshToken, userId: stored.userId },
          headers: { authorization: '' },
        },
      );
      session.setTokens(answer.data.access_token, answer.data.refresh_token);
      return answer.data.access_token;
    } catch (error) {
      // `errors.session` says why the server ended the sign-in
      const reason = toApiCallError(error).errors.session;
      if (reason && typeof sessionStorage !== 'undefined') rememberSignOutReason(reason);
      return null;
    }
  }

  /** Resolves when the stored access token is no longer `rejected`, or after `ms`. */
  function storedTokenChanged(rejected: string | undefined, ms: number): Promise<void> {
    const watch = session.onOtherTabChange;
    if (!watch || session.read()?.accessToken !== rejected) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stop();
        resolve();
      };
      const timer = setTimeout(done, ms);
      const stop = watch(() => {
        if (session.read()?.accessToken !== rejected) done();
      });
    });
  }

  /**
   * Refreshes under the Web Lock. A tab that finds the lock taken knows another tab is refreshing:
   * it waits for the lock, then for that tab's tokens to reach its storage, and uses them.
   */
  async function refreshAcrossTabs(
    lockManager: Pick<LockManager, 'request'>,
    rejectedToken: string | undefined,
  ): Promise<string | null> {
    const alone = (await lockManager.request(LOCK_NAME, { ifAvailable: true }, async (lock) =>
      lock ? { token: await refreshTokens(rejectedToken) } : null,
    )) as { token: string | null } | null;
    if (alone) return alone.token;
    return (await lockManager.request(LOCK_NAME, async () => {
      await storedTokenChanged(rejectedToken, STORAGE_SYNC_MS);
      return refreshTokens(rejectedToken);
    })) as string | null;
  }

  /** One refresh at a time in this tab, and under a Web Lock across tabs. */
  function refresh(rejectedToken: string | undefined): Promise<string | null> {
    if (!refreshing) {
      const pending = (
        locks ? refreshAcrossTabs(locks, rejectedToken) : refreshTokens(rejectedToken)
      ).finally(() => {
        refreshing = null;
      });
      refreshing = pending;
    }
    return refreshing;
  }

  function endSession(): ApiCallError {
    session.clear();
    onSessionEnd();
    return new ApiCallError(401, sessionEndedMessage);
  }

  /** Calls the API and returns the envelope's `data`; failures throw ApiCallError. */
  async function call<T>(url: string, init: CallOptions = {}): Promise<T> {
    const sentToken = session.read()?.accessToken;
    try {
      const body = await raw<{ data: T }>(url, init);
      return body.data;
    } catch (error) {
      const failure = toApiCallError(error);
      if (failure.status !== 401 || pathOf(url) === LOGIN_PATH) throw failure;
      if (!session.read()?.refreshToken) throw endSession();
      const token = await refresh(sentToken);
      if (!token) throw endSession();
    }
    try {
      const body = await raw<{ data: T }>(url, init);
      return body.data;
    } catch (error) {
      const failure = toApiCallError(error);
      // Refreshed once already: a second 401 means the session is gone.
      if (failure.status === 401) throw endSession();
      throw failure;
    }
  }

  /** Logs out on the server, then forgets the user and reloads even when the server could not be reached. */
  async function logout(): Promise<void> {
    const user = session.read();
    try {
      if (user) {
        // POST with the token in the body: a query string would leave it in access logs
        await raw('/api/auth/logout', {
          method: 'POST',
          body: { refreshToken: user.refreshToken, userId: user.userId },
          headers: { authorization: '' },
        });
      }
    } catch (error) {
      console.warn('로그아웃 요청 실패', toApiCallError(error).message);
    }
    session.clear();
    reload();
  }

  return {
    call,
    logout,
    get: <T>(url: string, query?: Record<string, unknown>) => call<T>(url, { query }),
    post: <T>(url: string, body?: unknown) =>
      call<T>(url, { method: 'POST', body: body as Record<string, unknown> }),
    put: <T>(url: string, body?: unknown) =>
      call<T>(url, { method: 'PUT', body: body as Record<string, unknown> }),
    patch: <T>(url: string, body?: unknown) =>
      call<T>(url, { method: 'PATCH', body: body as Record<string, unknown> }),
    del: <T>(url: string) => call<T>(url, { method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The browser's client. */
export const api: ApiClient = createApiClient();
