import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, createTestApp } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { ApiCallError, createApiClient, SIGN_OUT_REASON_KEY } from './api-client.ts';
import { memoryStorage, setAuthStorage, setUser, userFromLogin } from './auth-store.ts';
import type { LoginResponse } from './auth-store.ts';

/** The browser's session storage, which Node does not have. */
class SessionStorage {
  readonly #items = new Map<string, string>();
  getItem = (key: string) => this.#items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.#items.set(key, value);
  removeItem = (key: string) => void this.#items.delete(key);
}

let t: TestApp;
beforeAll(async () => {
  // 0.02 minutes = 1.2 s without a request ends a sign-in
  t = await createTestApp({ env: { ADMIN_IDLE_MINUTES: '0.02' } });
  if (typeof sessionStorage === 'undefined')
    Object.assign(globalThis, { sessionStorage: new SessionStorage() });
  setAuthStorage(memoryStorage());
});
afterAll(async () => t.close());

describe('an idle sign-in', () => {
  it('ends at the next call, and the reason waits for the login page', async () => {
    let ended = 0;
    const api = createApiClient({
      baseURL: 'http://portal.test',
      fetch: async (input, init) => t.app.fetch(new Request(input, init)),
      locks: null,
      onSessionEnd: () => void ended++,
    });
    setUser(userFromLogin(await api.post<LoginResponse>('/api/auth/login', adminCredentials)));
    await api.get('/api/admin/dashboard');
    await new Promise((r) => setTimeout(r, 1500));
    const failure = await api.get('/api/admin/dashboard').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiCallError);
    expect((failure as ApiCallError).status).toBe(401);
    expect(ended).toBe(1);
    expect(sessionStorage.getItem(SIGN_OUT_REASON_KEY)).toBe(
      '오랫동안 사용하지 않아 로그아웃되었습니다. 다시 로그인해 주세요.',
    );
  });
});
