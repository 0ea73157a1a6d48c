import { lazy, Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $user } from '../../lib/auth-store.ts';
import { $location, navigate } from './router/location-store.ts';
import { matchRoute } from './router/match-route.ts';
import { adminRoutes } from './routes.ts';
import { $access, loadAccess } from './access-store.ts';
import { allows, mayEnter } from './lib/permissions.ts';
import { AdminLayout } from './components/AdminLayout.tsx';
import { KeepAlive } from './components/KeepAlive.tsx';
import { Forbidden } from './components/Forbidden.tsx';
import { Loading, StatusMessage } from './components/StatusMessage.tsx';
import { adminPaths } from './paths.ts';
import './admin.css';

const LoginScreen = lazy(() => import('./features/auth/components/LoginScreen.tsx'));

const LOGIN_PATH = '/admin/login';

/** The admin console: login, the guard, and the role-filtered screens of SPEC.md §2. */
export default function AdminApp() {
  const location = useStore($location);
  const user = useStore($user);
  const accessState = useStore($access);
  const pathname = location.pathname.replace(/\/+$/, '') || '/admin';
  const address = pathname + location.search;
  const onLogin = pathname === LOGIN_PATH;
  const match = onLogin ? null : matchRoute(adminRoutes, pathname);
  const ready =
    accessState.status === 'ready' && user && accessState.userId === user.userId
      ? accessState.context
      : null;

  useEffect(() => {
    if (!user && !onLogin) navigate(adminPaths.login(address), { replace: true });
    else if (user && !onLogin) void loadAccess(user);
  }, [user, onLogin, address]);

  // a route that only leads on (to its first screen) is left once the access is known
  const redirect = ready ? match?.route.redirect : undefined;
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect]);

  if (onLogin) {
    return (
      <div className="admin-login-shell">
        <Suspense fallback={<Loading />}>
          <LoginScreen search={location.search} />
        </Suspense>
      </div>
    );
  }
  if (!user) return <Loading label="로그인 화면으로 이동합니다…" />;
  if (accessState.status === 'error') {
    return (
      <div className="admin-login-shell">
        <StatusMessage kind="error">{accessState.message}</StatusMessage>
        <button type="button" onClick={() => void loadAccess(user)}>
          다시 시도
        </button>
      </div>
    );
  }
  if (!ready) return <Loading label="권한을 확인하는 중…" />;
  if (!mayEnter(ready.access)) {
    return (
      <div className="admin-login-shell">
        <Forbidden access={ready.access} need="any" />
      </div>
    );
  }
  if (match && !allows(ready.access, match.route.need)) {
    return (
      <AdminLayout user={user} context={ready} pathname={pathname}>
        <Forbidden access={ready.access} need={match.route.need} />
      </AdminLayout>
    );
  }
  if (match?.route.redirect) return <Loading label="이동하는 중…" />;

  return (
    <AdminLayout user={user} context={ready} pathname={pathname}>
      <KeepAlive current={pathname} search={location.search} replaced={location.replaced} />
    </AdminLayout>
  );
}
