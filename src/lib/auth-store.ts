import { atom, onMount } from 'nanostores';

/** The signed-in user kept in the browser (SPEC.md §3 "Login user"). */
export interface LoginUser {
  userId: number;
  username: string;
  nickname: string;
  email: string;
  phone: string | null;
  photo: string | null;
  gender: string | null;
  birthday: string | null;
  accessToken: string;
  refreshToken: string;
  isAdmin: boolean;
}

/** What POST /api/auth/login answers inside `data` (snake_case, SPEC.md §3). */
export interface LoginResponse {
  user_id: number;
  username: string;
  nickname: string;
  email: string;
  phone: string | null;
  photo: string | null;
  gender: string | null;
  birthday: string | null;
  access_token: string;
  refresh_token: string;
}

/** The localStorage key of the stored user; every tab of the origin shares it. */
export const AUTH_STORAGE_KEY = 'sbsa:auth:user';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A Map-backed stand-in where the runtime has no localStorage (Node, private modes that throw). */
export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

function browserStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Access can throw when storage is blocked; the session then lives in memory only.
  }
  return memoryStorage();
}

let storage: KeyValueStorage = browserStorage();

/** Replaces the storage behind the store (tests); the store re-reads it at once. */
export function setAuthStorage(next: KeyValueStorage): void {
  storage = next;
  $user.set(readStoredUser());
}

function isLoginUser(value: unknown): value is LoginUser {
  const v = value as Partial<LoginUser> | null;
  return (
    !!v &&
    typeof v.userId === 'number' &&
    typeof v.accessToken === 'string' &&
    typeof v.refreshToken === 'string'
  );
}

/** The user as it is in storage right now, which another tab may have changed since the store last looked. */
export function readStoredUser(): LoginUser | null {
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isLoginUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** The signed-in user, or null when logged out. */
export const $user = atom<LoginUser | null>(readStoredUser());

/** Calls `listener` when another tab changes the stored user; returns the call that stops it. */
export function onOtherTabChange(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

// Another tab logging in, refreshing or logging out shows here too.
onMount($user, () => onOtherTabChange(() => $user.set(readStoredUser())));

/** The stored user built from a login answer; isAdmin starts true (SPEC.md §6), the server decides what is allowed. */
export function userFromLogin(data: LoginResponse): LoginUser {
  return {
    userId: data.user_id,
    username: data.username,
    nickname: data.nickname,
    email: data.email,
    phone: data.phone,
    photo: data.photo,
    gender: data.gender,
    birthday: data.birthday,
    accessToken: data.access_token,
    refreshToken: data.refresh_token,
    isAdmin: true,
  };
}

/** Logs the user in on this device. */
export function setUser(user: LoginUser): void {
  storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(user));
  $user.set(user);
}

/** Replaces both tokens after a refresh; nothing happens when nobody is logged in any more. */
export function setTokens(accessToken: string, refreshToken: string): void {
  const current = readStoredUser();
  if (!current) return;
  setUser({ ...current, accessToken, refreshToken });
}

/** Changes profile fields (phone, photo …) of the stored user. */
export function updateUser(
  patch: Partial<Omit<LoginUser, 'userId' | 'accessToken' | 'refreshToken'>>,
): void {
  const current = readStoredUser();
  if (!current) return;
  setUser({ ...current, ...patch });
}

/** Forgets the user on this device (every tab). */
export function clearUser(): void {
  storage.removeItem(AUTH_STORAGE_KEY);
  $user.set(null);
}
