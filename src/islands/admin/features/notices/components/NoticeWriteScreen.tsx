import '../../../lib/korean-zod.ts';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { useApiData, errorMessage } from '../../../lib/use-api-data.ts';
import { API_ERROR_KEY, applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { navigate } from '../../../router/location-store.ts';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import { useConsole } from '../../../use-console.ts';
import { NOTICE_BOARD, mayWriteOnBoard } from '../../../access-store.ts';
import { Forbidden } from '../../../components/Forbidden.tsx';
import type { ScreenProps } from '../../../screen-props.ts';
import { renderMarkdown } from '../../../../../components/utils/markdown.ts';
import { noticeInput, noticeLimits } from '../../../../../lib/schemas/notice.ts';
import type { NoticeAttachment, NoticeInput } from '../../../../../lib/schemas/notice.ts';
import { getNotice } from '../api/get-notice.ts';
import type { NoticeDetail } from '../api/get-notice.ts';
import { createNotice } from '../api/create-notice.ts';
import { updateNotice } from '../api/update-notice.ts';
import { addAttachment, addAttachmentSchema } from '../api/add-attachment.ts';
import { deleteAttachment } from '../api/delete-attachment.ts';

type Form = NoticeInput & { [API_ERROR_KEY]?: string };

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.ceil(bytes / 1024)}KB`;

function Attachments({ wrId, initial }: { wrId: number; initial: NoticeAttachment[] }) {
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<NoticeAttachment | null>(null);
  const upload = async () => {
    const parsed = addAttachmentSchema.safeParse({ file: input.current?.files?.[0] });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '첨부할 파일을 선택해 주세요.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const added = await addAttachment(wrId, parsed.data);
      setItems((list) => [...list, added]);
      if (input.current) input.current.value = '';
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="attachments">
      <h2 id="attachments">
        첨부 파일 ({items.length}/{noticeLimits.attachmentsMax})
      </h2>
      {items.length ? (
        <ul className="attachment-list">
          {items.map((a) => (
            <li key={a.uploadId}>
              <a href={a.url} download={a.originalName}>
                {a.originalName}
              </a>{' '}
              ({size(a.size)}){' '}
              <button
                type="button"
                className="danger"
                onClick={() => setRemoving(a)}
                aria-label={`${a.originalName} 첨부 삭제`}
              >
                삭제
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>첨부 파일이 없습니다.</p>
      )}
      <FormField
        label="파일 추가 (이미지, PDF, 문서, 스프레드시트, 10MB 이하)"
        error={error ?? undefined}
        alert
      >
        {(field) => <input {...field} ref={input} type="file" />}
      </FormField>
      <button
        type="button"
        onClick={upload}
        disabled={busy || items.length >= noticeLimits.attachmentsMax}
      >
        {busy ? '올리는 중…' : '첨부 올리기'}
      </button>
      <ConfirmDialog
        open={removing !== null}
        title="첨부 파일 삭제"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          const target = removing!;
          await deleteAttachment({ wrId, uploadId: target.uploadId });
          setItems((list) => list.filter((a) => a.uploadId !== target.uploadId));
        }}
      >
        <p>{removing ? `'${removing.originalName}' 파일을 삭제할까요?` : ''}</p>
      </ConfirmDialog>
    </section>
  );
}

function NoticeForm({ notice, mainId }: { notice: NoticeDetail | null; mainId: number }) {
  const [saved, setSaved] = useState<string | null>(null);
  const previewId = useId();
  const { register, handleSubmit, formState, setError, control, reset } = useForm<Form>({
    resolver: zodResolver(noticeInput) as unknown as Resolver<Form>,
    defaultValues: {
      title: notice?.title ?? '',
      body: notice?.body ?? '',
      pinned: notice?.pinned ?? false,
    },
  });
  const body = useWatch({ control, name: 'body' }) ?? '';
  const preview = useMemo(() => renderMarkdown(body), [body]);
  const submit = handleSubmit(async (values) => {
    setSaved(null);
    try {
      if (notice) {
        await updateNotice(notice.wrId, values);
        setSaved('공지를 저장했습니다.');
      } else {
        const created = await createNotice(mainId, values);
        reset({ title: '', body: '', pinned: false });
        navigate(adminPaths.noticeWrite(created.wrId), { replace: true });
      }
    } catch (error) {
      applyServerErrors(error, setError, ['title', 'body', 'pinned']);
    }
  });
  const apiError = (formState.errors as Record<string, { message?: string }>)[API_ERROR_KEY]
    ?.message;
  return (
    <form onSubmit={submit} noValidate className="notice-form">
      <FormField label="제목" error={formState.errors.title?.message} required>
        {(control) => <input {...control} {...register('title')} />}
      </FormField>
      <div className="markdown-editor">
        <FormField
          label="내용 (Markdown)"
          error={formState.errors.body?.message}
          hint="**굵게**, # 제목, - 목록, [링크](https://…) 형식을 쓸 수 있습니다. HTML은 글자 그대로 보입니다."
        >
          {(control) => <textarea {...control} {...register('body')} rows={14} />}
        </FormField>
        <section className="markdown-preview" aria-labelledby={previewId} aria-live="polite">
          <h2 id={previewId}>미리보기</h2>
          {/* renderMarkdown escapes raw HTML and drops unsafe links: the same renderer as the public notice page. */}
          <div className="notice-body" dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      </div>
      <FormField label="목록 위에 고정" inline>
        {(control) => <input type="checkbox" {...control} {...register('pinned')} />}
      </FormField>
      {apiError ? <StatusMessage kind="error">{apiError}</StatusMessage> : null}
      {saved ? (
        <StatusMessage key={saved} kind="success" focus>
          {saved}
        </StatusMessage>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? '저장 중…' : notice ? '저장' : '등록'}
        </button>
        <Link href={adminPaths.notices}>목록으로</Link>
      </div>
    </form>
  );
}

/** /admin/notice/write/{wrId?}: writing a notice, or editing one when wrId is given. */
export default function NoticeWriteScreen({ params }: ScreenProps) {
  const wrId = params.wrId ? Number(params.wrId) : null;
  const { access } = useConsole();
  const board = useApiData(() => mayWriteOnBoard(NOTICE_BOARD), [wrId]);
  const notice = useApiData(() => (wrId ? getNotice(wrId) : Promise.resolve(null)), [wrId]);
  // The board check refuses in words, with the public page as the way out (SPEC.md §8).
  if (board.data === false) return <Forbidden access={access} need="notice" />;
  return (
    <section className="screen">
      <ScreenHeader title={wrId ? '공지사항 수정' : '공지사항 쓰기'} />
      {board.error ? <StatusMessage kind="error">{board.error}</StatusMessage> : null}
      {notice.error ? <StatusMessage kind="error">{notice.error}</StatusMessage> : null}
      {board.data !== true && !board.error ? <Loading label="권한을 확인하는 중…" /> : null}
      {board.data === true && notice.loading && notice.data === undefined ? <Loading /> : null}
      {board.data === true && notice.data !== undefined && !notice.loading ? (
        <>
          <NoticeForm key={wrId ?? 'new'} notice={notice.data} mainId={access.mainId} />
          {notice.data ? (
            <Attachments wrId={notice.data.wrId} initial={notice.data.attachments} />
          ) : (
            <p className="hint">첨부 파일은 공지를 등록한 뒤 올릴 수 있습니다.</p>
          )}
        </>
      ) : null}
    </section>
  );
}
