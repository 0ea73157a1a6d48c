import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { BackupsSection } from './BackupsSection.tsx';
import { ExportSection } from './ExportSection.tsx';
import { ImportSection } from './ImportSection.tsx';

/** /admin/data: backups, the whole-association export and import (site admins only). */
export default function DataScreen() {
  return (
    <section className="screen">
      <ScreenHeader title="데이터 관리" />
      <BackupsSection />
      <ExportSection />
      <ImportSection />
    </section>
  );
}
