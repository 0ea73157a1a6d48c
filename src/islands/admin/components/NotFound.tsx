import { ScreenHeader } from './ScreenHeader.tsx';
import { Link } from '../router/Link.tsx';
import { adminPaths } from '../paths.ts';

/** An /admin address that is no screen. */
export function NotFound() {
  return (
    <section className="screen">
      <ScreenHeader title="페이지를 찾을 수 없습니다" />
      <p>
        주소를 확인해 주세요. <Link href={adminPaths.dashboard}>대시보드로 가기</Link>
      </p>
    </section>
  );
}
