import { beforeEach, describe, expect, it } from 'vitest';
import { cleanStores } from 'nanostores';
import {
  $user,
  AUTH_STORAGE_KEY,
  clearUser,
  memoryStorage,
  readStoredUser,
  setAuthStorage,
  setTokens,
  setUser,
  updateUser,
  userFromLogin,
} from './auth-store.ts';

const login = {
  user_id: 7,
  username: '홍길동',
  nickname: '길동',
  email: 'hong@sbsa.kr',
  phone: null,
  photo: null,
  gender: 'M',
  birthday: '1990-01-02',
  access_token: 'access-1',
  refresh_token: 'refresh-1',
};

let storage: ReturnType<typeof memoryStorage>;

beforeEach(() => {
  cleanStores($user);
  storage = memoryStorage();
  setAuthStorage(storage);
});

describe('auth store', () => {
  it('maps the snake_case login answer to the SPEC login user with isAdmin true by default', () => {
    expect(userFromLogin(login)).toEqual({
      userId: 7,
      username: '홍길동',
      nickname: '길동',
      email: 'hong@sbsa.kr',
      phone: null,
      photo: null,
      gender: 'M',
      birthday: '1990-01-02',
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      isAdmin: true,
    });
  });

  it('keeps the user in storage and in the store', () => {
    setUser(userFromLogin(login));
    expect(JSON.parse(storage.getItem(AUTH_STORAGE_KEY)!)).toMatchObject({
      userId: 7,
      accessToken: 'access-1',
    });
    expect($user.get()?.username).toBe('홍길동');
  });

  it('reads a user another tab stored, and starts from storage', () => {
    storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(userFromLogin(login)));
    expect(readStoredUser()?.userId).toBe(7);
    setAuthStorage(storage);
    expect($user.get()?.userId).toBe(7);
  });

  it('replaces the tokens and keeps the rest', () => {
    setUser(userFromLogin(login));
    setTokens('access-2', 'refresh-2');
    expect(readStoredUser()).toMatchObject({
      userId: 7,
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      email: 'hong@sbsa.kr',
    });
    expect($user.get()?.accessToken).toBe('access-2');
  });

  it('does not bring a logged-out user back on a late token update', () => {
    setTokens('access-2', 'refresh-2');
    expect(readStoredUser()).toBeNull();
  });

  it('updates profile fields read from the server', () => {
    setUser(userFromLogin(login));
    updateUser({ phone: '010-1234-5678', photo: '/uploads/a.png' });
    expect($user.get()).toMatchObject({
      phone: '010-1234-5678',
      photo: '/uploads/a.png',
      accessToken: 'access-1',
    });
  });

  it('clears the user everywhere', () => {
    setUser(userFromLogin(login));
    clearUser();
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect($user.get()).toBeNull();
  });

  it('ignores broken or foreign data in storage', () => {
    storage.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(readStoredUser()).toBeNull();
    storage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ name: 'x' }));
    expect(readStoredUser()).toBeNull();
  });
});
