import { ScreenHeader } from './ScreenHeader.tsx';
import { Link } from '../router/Link.tsx';
import { adminPaths } from '../paths.ts';
import { mayEnter, refusalTarget, roleName, whoGrants } from '../lib/permissions.ts';
import type { Access, Need } from '../lib/permissions.ts';

interface Props {
  access: Access;
  /** what the refused screen requires */
  need: Need;
}

/**
 * A screen the user's role may not open: said in words, with who can grant the role, instead of
 * leaving the console silently (which looked like a logout). The place SPEC.md §6/§8 sends a
 * refused user is offered as a link.
 */
export function Forbidden({ access, need }: Props) {
  const inside = mayEnter(access);
  return (
    <section className="screen forbidden">
      <ScreenHeader title="권한이 없습니다" />
      <p>
        지금 계정({roleName(access)})으로는 이 화면을 열 수 없습니다. 권한이 필요하면{' '}
        {whoGrants(need)}에게 요청해 주세요.
      </p>
      <ul className="forbidden-ways">
        {inside ? (
          <li>
            <Link href={adminPaths.dashboard}>대시보드로 가기</Link>
          </li>
        ) : null}
        <li>
          <a href={refusalTarget(access, need)}>공개 사이트로 가기</a>
        </li>
      </ul>
    </section>
  );
}
