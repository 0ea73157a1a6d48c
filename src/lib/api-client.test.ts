import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCredentials, createTestApp } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { ApiCallError, createApiClient, networkErrorMessage } from './api-client.ts';
import type { ApiClientOptions, SessionStore } from './api-client.ts';
import {
  $user,
  clearUser,
  memoryStorage,
  readStoredUser,
  setAuthStorage,
  setTokens,
  setUser,
  userFromLogin,
} from './auth-store.ts';
import type { LoginResponse } from './auth-store.ts';

let t: TestApp;
/** Every request the client sent, as the server received it. */
let seen: Request[] = [];

const serverFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  seen.push(request.clone());
  return t.app.fetch(request);
};

function client(extra: ApiClientOptions = {}) {
  const events = { ended: 0, reloaded: 0 };
  const c = createApiClient({
    baseURL: 'http://portal.test',
    fetch: serverFetch,
    locks: navigator.locks,
    onSessionEnd: () => void events.ended++,
    reload: () => void events.reloaded++,
    ...extra,
  });
  return Object.assign(c, { events });
}

async function logIn() {
  const data = await client().post<LoginResponse>('/api/auth/login', adminCredentials);
  setUser(userFromLogin(data));
  return data;
}

const refreshCalls = () =>
  seen.filter((r) => new URL(r.url).pathname === '/api/auth/refresh').length;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => {
  setAuthStorage(memoryStorage());
  seen = [];
});

describe('api client', () => {
  it('logs in, stores the SPEC user and sends the bearer token without cookies', async () => {
    const data = await logIn();
    expect(readStoredUser()).toMatchObject({
      userId: data.user_id,
      email: adminCredentials.email,
      isAdmin: true,
    });
    expect($user.get()?.accessToken).toBe(data.access_token);
    seen = [];
    const dashboard = await client().get<{ me: { userId: number } }>('/api/admin/dashboard');
    expect(dashboard.me.userId).toBe(data.user_id);
    expect(seen[0].headers.get('authorization')).toBe(`Bearer ${data.access_token}`);
    expect(seen[0].credentials).toBe('omit');
  });

  it('sends no authorization header when nobody is logged in', async () => {
    clearUser();
    await client().get('/api/common/config');
    expect(seen[0].headers.has('authorization')).toBe(false);
  });

  it('gives the Korean message of a failed login without trying a refresh', async () => {
    const c = client();
    const error = await c
      .post('/api/auth/login', { email: adminCredentials.email, password: 'wrong-password' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect((error as ApiCallError).status).toBe(401);
    expect((error as ApiCallError).message).toBe('이메일 또는 비밀번호가 올바르지 않습니다.');
    expect(refreshCalls()).toBe(0);
    expect(c.events.ended).toBe(0);
  });

  it('refreshes once on a 401 and replays the original call', async () => {
    const data = await logIn();
    setUser({ ...readStoredUser()!, accessToken: 'expired.token.value' });
    seen = [];
    const c = client();
    const dashboard = await c.get<{ me: { userId: number } }>('/api/admin/dashboard');
    expect(dashboard.me.userId).toBe(data.user_id);
    expect(refreshCalls()).toBe(1);
    const stored = readStoredUser()!;
    expect(stored.accessToken).not.toBe('expired.token.value');
    expect(stored.refreshToken).not.toBe(data.refresh_token);
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/admin/dashboard',
      '/api/auth/refresh',
      '/api/admin/dashboard',
    ]);
    expect(seen[1].headers.has('authorization')).toBe(false);
    expect(c.events.ended).toBe(0);
  });

  it('shares one refresh among concurrent requests', async () => {
    await logIn();
    setUser({ ...readStoredUser()!, accessToken: 'expired.token.value' });
    seen = [];
    const c = client();
    const results = await Promise.all([1, 2, 3, 4].map(() => c.get('/api/admin/dashboard')));
    expect(results).toHaveLength(4);
    expect(refreshCalls()).toBe(1);
  });

  it('lets only one tab refresh: the other finds the new token in storage after the lock', async () => {
    await logIn();
    setUser({ ...readStoredUser()!, accessToken: 'expired.token.value' });
    seen = [];
    // Two clients stand for two tabs: separate in-flight state, one storage, one lock manager.
    const tabA = client();
    const tabB = client();
    await Promise.all([
      tabA.get('/api/admin/dashboard'),
      tabB.get('/api/admin/dashboard'),
      tabA.get('/api/admin/dashboard'),
    ]);
    expect(refreshCalls()).toBe(1);
    expect(tabA.events.ended + tabB.events.ended).toBe(0);
  });

  it("waits after the lock for the other tab's tokens to reach its storage, and does not refresh again", async () => {
    await logIn();
    setUser({ ...readStoredUser()!, accessToken: 'expired.token.value' });
    seen = [];
    // Tab B's storage shows tab A's writes 100 ms late, as a tab in another browser process may.
    let viewOfB = readStoredUser();
    const changedForB = new Set<() => void>();
    const sessionOfA: SessionStore = {
      read: readStoredUser,
      clear: clearUser,
      setTokens: (access, refresh) => {
        setTokens(access, refresh);
        setTimeout(() => {
          viewOfB = readStoredUser();
          for (const listener of changedForB) listener();
        }, 100);
      },
    };
    const sessionOfB: SessionStore = {
      read: () => viewOfB,
      clear: clearUser,
      setTokens: (access, refresh) => {
        setTokens(access, refresh);
        viewOfB = readStoredUser();
      },
      onOtherTabChange: (listener) => {
        changedForB.add(listener);
        return () => changedForB.delete(listener);
      },
    };
    // A's refresh answers slowly, so B is rejected while A holds the lock.
    const slowRefresh: typeof fetch = async (input, init) => {
      if (new URL(new Request(input, init).url).pathname === '/api/auth/refresh')
        await new Promise((r) => setTimeout(r, 50));
      return serverFetch(input, init);
    };
    const tabA = client({ session: sessionOfA, fetch: slowRefresh });
    const tabB = client({ session: sessionOfB });
    const a = tabA.get('/api/admin/dashboard');
    await new Promise((r) => setTimeout(r, 20));
    await Promise.all([a, tabB.get('/api/admin/dashboard')]);
    expect(refreshCalls()).toBe(1);
    expect(tabA.events.ended + tabB.events.ended).toBe(0);
    expect(viewOfB?.accessToken).toBe(readStoredUser()?.accessToken);
  });

  it('ends the session when the refresh token was revoked', async () => {
    await logIn();
    const user = readStoredUser()!;
    await client().get('/api/auth/logout', {
      refreshToken: user.refreshToken,
      userId: user.userId,
    });
    setUser({ ...user, accessToken: 'expired.token.value' });
    seen = [];
    const c = client();
    const error = await c.get('/api/admin/dashboard').catch((e: unknown) => e);
    expect((error as ApiCallError).status).toBe(401);
    expect(refreshCalls()).toBe(1);
    expect(readStoredUser()).toBeNull();
    expect($user.get()).toBeNull();
    expect(c.events.ended).toBe(1);
  });

  it('ends the session without a refresh call when no refresh token is stored', async () => {
    await logIn();
    setUser({ ...readStoredUser()!, accessToken: 'expired.token.value', refreshToken: '' });
    seen = [];
    const c = client();
    await expect(c.get('/api/admin/dashboard')).rejects.toBeInstanceOf(ApiCallError);
    expect(refreshCalls()).toBe(0);
    expect(readStoredUser()).toBeNull();
    expect(c.events.ended).toBe(1);
  });

  it('puts the server field errors of a 400 on the error', async () => {
    await logIn();
    const c = client();
    const error = await c
      .post(`/api/league/main/${t.main.id}/season`, { seasonName: '', year: 1800 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect((error as ApiCallError).status).toBe(400);
    expect((error as ApiCallError).errors.seasonName).toBe('시즌 이름을 입력해 주세요.');
    expect((error as ApiCallError).errors.year).toBe('연도는 2000 이상이어야 합니다.');
  });

  it('logs out on the server with a POST, the token in the body; clears the user and reloads', async () => {
    const data = await logIn();
    const c = client();
    seen = [];
    await c.logout();
    expect(readStoredUser()).toBeNull();
    expect(c.events.reloaded).toBe(1);
    const sent = seen.find((r) => new URL(r.url).pathname === '/api/auth/logout')!;
    expect(sent.method).toBe('POST');
    expect(new URL(sent.url).search).toBe('');
    expect(await sent.json()).toEqual({ refreshToken: data.refresh_token, userId: data.user_id });
    const after = await t.api('GET', '/api/admin/dashboard', { token: data.access_token });
    expect(after.status).toBe(401);
    const refreshed = await client()
      .post('/api/auth/refresh', { refreshToken: data.refresh_token, userId: data.user_id })
      .catch((e: unknown) => e);
    expect((refreshed as ApiCallError).status).toBe(401);
  });

  it('clears the user and reloads even when the server cannot be reached', async () => {
    await logIn();
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      const c = client({ fetch: () => Promise.reject(new TypeError('fetch failed')) });
      await c.logout();
      expect(readStoredUser()).toBeNull();
      expect(c.events.reloaded).toBe(1);
      expect(warnings).toHaveLength(1);
    } finally {
      console.warn = warn;
    }
  });

  it('reports an unreachable server in Korean', async () => {
    const c = client({ fetch: () => Promise.reject(new TypeError('fetch failed')) });
    const error = await c.get('/api/common/config').catch((e: unknown) => e);
    expect((error as ApiCallError).status).toBe(0);
    expect((error as ApiCallError).message).toBe(networkErrorMessage);
  });
});
