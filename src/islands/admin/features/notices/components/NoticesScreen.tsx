import { useState } from 'react';
import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import { useApiData } from '../../../lib/use-api-data.ts';
import { useConsole } from '../../../use-console.ts';
import { listNotices } from '../api/list-notices.ts';
import type { NoticeSummary } from '../api/list-notices.ts';
import { deleteNotice } from '../api/delete-notice.ts';

/** /admin/notice: notices, pinned first, with search and delete. */
export default function NoticesScreen() {
  const { access } = useConsole();
  const notices = useApiData(() => listNotices(access.mainId), [access.mainId]);
  const [deleting, setDeleting] = useState<NoticeSummary | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="screen">
      <ScreenHeader title="공지사항">
        <Link className="button primary" href={adminPaths.noticeWrite()}>
          공지 쓰기
        </Link>
      </ScreenHeader>
      {notice ? <StatusMessage kind="success">{notice}</StatusMessage> : null}
      {notices.error ? <StatusMessage kind="error">{notices.error}</StatusMessage> : null}
      {!notices.data ? (
        <Loading />
      ) : (
        <DataTable<NoticeSummary>
          caption="공지 목록"
          rows={notices.data}
          rowKey={(n) => n.wrId}
          searchText={(n) => [n.title, n.authorName]}
          columns={[
            {
              key: 'pinned',
              label: '고정',
              render: (n) => (n.pinned ? '📌 고정' : ''),
              sortValue: (n) => (n.pinned ? 0 : 1),
            },
            {
              key: 'state',
              label: '상태',
              render: (n) => (n.published ? '게시됨' : '임시 저장'),
              sortValue: (n) => (n.published ? 1 : 0),
            },
            {
              key: 'title',
              label: '제목',
              render: (n) => <Link href={adminPaths.noticeWrite(n.wrId)}>{n.title}</Link>,
              sortValue: (n) => n.title,
            },
            {
              key: 'author',
              label: '작성자',
              render: (n) => n.authorName,
              sortValue: (n) => n.authorName,
            },
            {
              key: 'files',
              label: '첨부',
              render: (n) => n.attachmentCount || '',
              sortValue: (n) => n.attachmentCount,
            },
            { key: 'views', label: '조회', render: (n) => n.views, sortValue: (n) => n.views },
            {
              key: 'created',
              label: '작성일',
              render: (n) => n.createdAt.slice(0, 10),
              sortValue: (n) => n.createdAt,
            },
            {
              key: 'actions',
              label: '작업',
              className: 'actions',
              render: (n) => (
                <div className="row-actions">
                  <Link href={adminPaths.noticeWrite(n.wrId)} aria-label={`${n.title} 수정`}>
                    수정
                  </Link>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setDeleting(n)}
                    aria-label={`${n.title} 삭제`}
                  >
                    삭제
                  </button>
                </div>
              ),
            },
          ]}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="공지 삭제"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const target = deleting!;
          await deleteNotice({ wrId: target.wrId });
          setNotice(`'${target.title}' 공지를 삭제했습니다.`);
          notices.reload();
        }}
      >
        <p>{deleting ? `'${deleting.title}' 공지와 첨부 파일을 삭제할까요?` : ''}</p>
      </ConfirmDialog>
    </section>
  );
}
