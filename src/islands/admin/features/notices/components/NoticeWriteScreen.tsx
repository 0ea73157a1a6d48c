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
import { publishNotice, unpublishNotice } from '../api/publish-notice.ts';
import { addAttachment, addAttachmentSchema } from '../api/add-attachment.ts';
import { deleteAttachment } from '../api/delete-attachment.ts';

type Form = NoticeInput & { [API_ERROR_KEY]?: string };

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.ceil(bytes / 1024)}KB`;

function Attachments({
  wrId,
  initial,
  onCount,
}: {
  wrId: number;
  initial: NoticeAttachment[];
  /** how many files are attached now (the publish question names them) */
  onCount: (n: number) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [items, setItemsState] = useState(initial);
  const setItems = (next: (list: NoticeAttachment[]) => NoticeAttachment[]) =>
    setItemsState((list) => {
      const updated = next(list);
      onCount(updated.length);
      return updated;
    });
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

/** What becomes public, and when: the form says it beside the buttons that decide it. */
const PUBLIC_RULE =
  '임시 저장한 공지는 공지를 쓸 수 있는 관리자만 봅니다. 게시하면 제목, 내용과 첨부 파일이 누구에게나 공개되고, 공개 사이트에는 몇 분 안에 반영됩니다.';

function NoticeForm({
  notice,
  mainId,
  attachmentCount,
}: {
  notice: NoticeDetail | null;
  mainId: number;
  attachmentCount: number;
}) {
  const [saved, setSaved] = useState<string | null>(null);
  const [published, setPublished] = useState(notice?.published ?? false);
  const [confirming, setConfirming] = useState<Form | null>(null);
  const previewId = useId();
  const ruleId = useId();
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

  /** Saves the text; `publish` also makes it public (asked first, see the dialog below). */
  const save = async (values: Form, publish: boolean) => {
    setSaved(null);
    try {
      if (notice) {
        await updateNotice(notice.wrId, values);
        if (publish && !published) {
          await publishNotice(notice.wrId);
          setPublished(true);
          setSaved('공지를 게시했습니다. 공개 사이트에는 몇 분 안에 반영됩니다.');
        } else setSaved(published ? '공지를 저장했습니다.' : '임시 저장했습니다.');
      } else {
        const created = await createNotice(mainId, { ...values, draft: !publish });
        reset({ title: '', body: '', pinned: false });
        navigate(adminPaths.noticeWrite(created.wrId), { replace: true });
      }
    } catch (error) {
      applyServerErrors(error, setError, ['title', 'body', 'pinned']);
    }
  };
  const saveOnly = handleSubmit((values) => save(values, false));
  const askToPublish = handleSubmit((values) => setConfirming(values));
  const takeDown = async () => {
    setSaved(null);
    try {
      await unpublishNotice(notice!.wrId);
      setPublished(false);
      setSaved('게시를 취소했습니다. 이제 공개되지 않습니다.');
    } catch (error) {
      applyServerErrors(error, setError, []);
    }
  };

  const apiError = (formState.errors as Record<string, { message?: string }>)[API_ERROR_KEY]
    ?.message;
  return (
    <form onSubmit={saveOnly} noValidate className="notice-form">
      {notice ? (
        <p className={published ? 'notice-state published' : 'notice-state draft'}>
          <strong>상태:</strong>{' '}
          {published
            ? '게시됨 — 누구에게나 공개되어 있습니다. 저장하면 고친 내용도 바로 공개됩니다.'
            : '임시 저장 — 아직 공개되지 않았습니다.'}
        </p>
      ) : null}
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
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and drops unsafe links (markdown.test.ts), the renderer of the public notice page */}
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
      {published ? null : (
        <p className="hint" id={ruleId}>
          {PUBLIC_RULE}
          {notice ? '' : ' 첨부 파일은 임시 저장한 뒤, 게시하기 전에 올릴 수 있습니다.'}
        </p>
      )}
      <div className="form-actions">
        <button
          type="submit"
          className={published ? 'primary' : undefined}
          disabled={formState.isSubmitting}
          aria-describedby={published ? undefined : ruleId}
        >
          {formState.isSubmitting ? '저장 중…' : published ? '저장' : '임시 저장'}
        </button>
        {published ? (
          <button type="button" onClick={() => void takeDown()}>
            게시 취소
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            onClick={() => void askToPublish()}
            disabled={formState.isSubmitting}
            aria-describedby={ruleId}
          >
            게시
          </button>
        )}
        <Link href={adminPaths.notices}>목록으로</Link>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="공지 게시"
        confirmLabel="게시"
        tone="primary"
        onClose={() => setConfirming(null)}
        onConfirm={() => save(confirming!, true)}
      >
        <p>
          {confirming ? `'${confirming.title}' 공지를 게시할까요?` : ''} 게시하면 제목, 내용
          {attachmentCount > 0 ? `과 첨부 파일 ${attachmentCount}개가` : '이'} 누구에게나
          공개됩니다.
        </p>
      </ConfirmDialog>
    </form>
  );
}

/** /admin/notice/write/{wrId?}: writing a notice, or editing one when wrId is given. */
export default function NoticeWriteScreen({ params }: ScreenProps) {
  const wrId = params.wrId ? Number(params.wrId) : null;
  const { access } = useConsole();
  const board = useApiData(() => mayWriteOnBoard(NOTICE_BOARD), []);
  const notice = useApiData(() => (wrId ? getNotice(wrId) : Promise.resolve(null)), [wrId]);
  const [attachmentCount, setAttachmentCount] = useState<number | null>(null);
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
          <NoticeForm
            key={wrId ?? 'new'}
            notice={notice.data}
            mainId={access.mainId}
            attachmentCount={attachmentCount ?? notice.data?.attachments.length ?? 0}
          />
          {notice.data ? (
            <Attachments
              key={notice.data.wrId}
              wrId={notice.data.wrId}
              initial={notice.data.attachments}
              onCount={setAttachmentCount}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
