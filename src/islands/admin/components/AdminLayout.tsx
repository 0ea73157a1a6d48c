import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from '../router/Link.tsx';
import { menuGroups } from '../routes.ts';
import { allows, roleName } from '../lib/permissions.ts';
import type { ConsoleContext } from '../access-store.ts';
import type { LoginUser } from '../../../lib/auth-store.ts';
import { api } from '../../../lib/api-client.ts';
import { adminPaths } from '../paths.ts';
import { useSetupGate } from '../features/security/components/use-setup-gate.ts';

interface Props {
  user: LoginUser;
  context: ConsoleContext;
  pathname: string;
  children: ReactNode;
}

/** The console frame: skip link, header with the user and logout, the role-filtered menu, the main area. */
export function AdminLayout({ user, context, pathname, children }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  useSetupGate(pathname);
  const groups = menuGroups
    .map((g) => ({ ...g, items: g.items.filter((item) => allows(context.access, item.need)) }))
    .filter((g) => g.items.length > 0);
  const isCurrent = (href: string) => pathname === href || pathname.startsWith(`${href}/`);

  return (
    <div className="admin-shell" data-menu-open={menuOpen ? 'true' : 'false'}>
      <a className="skip-link" href="#admin-main">
        본문으로 건너뛰기
      </a>
      <header className="admin-header">
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="admin-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          메뉴
        </button>
        <p className="brand">
          <a href={`/${context.config.defaultMainPath}`}>{context.config.defaultMainName}</a> 관리자
        </p>
        <p className="who">
          <span>{user.nickname || user.username}</span>{' '}
          <span className="role">({roleName(context.access)})</span>{' '}
          <Link
            href={adminPaths.security}
            aria-current={isCurrent(adminPaths.security) ? 'page' : undefined}
          >
            2단계 인증
          </Link>
        </p>
        <button
          type="button"
          className="logout"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void api.logout();
          }}
        >
          로그아웃
        </button>
      </header>
      <nav id="admin-menu" className="admin-menu" aria-label="관리자 메뉴">
        {groups.map((group) => (
          <div key={group.label} className="menu-group">
            <h2>{group.label}</h2>
            <ul>
              {group.items.map((item) => (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={isCurrent(item.href) ? 'page' : undefined}
                    onClick={() => setMenuOpen(false)}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {context.managedTeams.length > 0 ? (
          <p className="managed-teams">
            관리하는 팀: {context.managedTeams.map((t) => t.name).join(', ')}
          </p>
        ) : null}
      </nav>
      <main id="admin-main" className="admin-main">
        {children}
      </main>
    </div>
  );
}
