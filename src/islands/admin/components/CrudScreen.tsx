import { useState } from 'react';
import type { ReactNode } from 'react';
import type * as z from 'zod';
import { DataTable } from './DataTable.tsx';
import type { Column } from './DataTable.tsx';
import { EntityForm } from './EntityForm.tsx';
import type { FieldSpec } from './EntityForm.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ScreenHeader } from './ScreenHeader.tsx';
import { Loading, StatusMessage } from './StatusMessage.tsx';
import { useApiData } from '../lib/use-api-data.ts';
import { josa } from '../../../lib/validation/index.ts';

export interface CrudConfig<T> {
  title: string;
  /** what one row is called, e.g. '팀' */
  noun: string;
  load: () => Promise<T[]>;
  /** values that change what `load` returns (a chosen season …) */
  loadDeps?: readonly unknown[];
  idOf: (row: T) => number;
  nameOf: (row: T) => string;
  columns: readonly Column<T>[];
  searchText?: (row: T) => Array<string | null | undefined>;
  initialSort?: { key: string; dir: 'asc' | 'desc' };
  fields: readonly FieldSpec[];
  /** the new-record form's fields, if it asks more than the edit form */
  createFields?: readonly FieldSpec[];
  schema: z.ZodType;
  /** the form's schema when editing, if different */
  editSchema?: z.ZodType;
  emptyValues: Record<string, unknown>;
  toValues: (row: T) => Record<string, unknown>;
  /**
   * Resolving to a string shows it as the notice instead of the usual one; resolving to `false`
   * means nothing was saved (the user changed his mind) and the form stays open.
   */
  create?: (values: Record<string, unknown>) => Promise<unknown>;
  update?: (row: T, values: Record<string, unknown>) => Promise<unknown>;
  remove?: (row: T) => Promise<unknown>;
  /** extra buttons or links per row */
  rowActions?: (row: T) => ReactNode;
  /** content above the list (filters) */
  toolbar?: ReactNode;
  /** a line explaining what deleting does */
  deleteNote?: string;
  /** the word on each row's edit button and form title ('수정' unless given) */
  editLabel?: string;
}

type Editing<T> = { mode: 'create' } | { mode: 'edit'; row: T } | null;

/** A list with search, sort and pages plus create, edit and confirmed delete, for one kind of record. */
export function CrudScreen<T>(config: CrudConfig<T>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: each screen's config names the dependencies of its `load`
  const { data, error, loading, reload } = useApiData(config.load, config.loadDeps ?? []);
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const editLabel = config.editLabel ?? '수정';

  const columns: Column<T>[] = [...config.columns];
  if (config.update || config.remove || config.rowActions) {
    columns.push({
      key: 'actions',
      label: '작업',
      className: 'actions',
      render: (row) => (
        <div className="row-actions">
          {config.rowActions?.(row)}
          {config.update ? (
            <button
              type="button"
              onClick={() => {
                setNotice(null);
                setEditing({ mode: 'edit', row });
              }}
              aria-label={`${config.nameOf(row)} ${editLabel}`}
            >
              {editLabel}
            </button>
          ) : null}
          {config.remove ? (
            <button
              type="button"
              className="danger"
              onClick={() => setDeleting(row)}
              aria-label={`${config.nameOf(row)} 삭제`}
            >
              삭제
            </button>
          ) : null}
        </div>
      ),
    });
  }

  const submit = async (values: Record<string, unknown>) => {
    if (editing?.mode === 'edit') {
      await config.update!(editing.row, values);
      setNotice(`${josa(config.nameOf(editing.row), '을/를')} ${editLabel}했습니다.`);
    } else {
      const result = await config.create!(values);
      if (result === false) return;
      setNotice(
        typeof result === 'string' ? result : `${josa(config.noun, '을/를')} 추가했습니다.`,
      );
    }
    setEditing(null);
    reload();
  };

  return (
    <section className="screen">
      <ScreenHeader title={config.title}>
        {config.create ? (
          <button
            type="button"
            className="primary"
            onClick={() => {
              setNotice(null);
              setEditing({ mode: 'create' });
            }}
          >
            {config.noun} 추가
          </button>
        ) : null}
      </ScreenHeader>
      {config.toolbar}
      {notice ? (
        <StatusMessage kind="success" focus>
          {notice}
        </StatusMessage>
      ) : null}
      {editing ? (
        <EntityForm
          key={editing.mode === 'edit' ? `edit-${config.idOf(editing.row)}` : 'create'}
          title={
            editing.mode === 'edit'
              ? `${config.nameOf(editing.row)} ${editLabel}`
              : `새 ${config.noun} 추가`
          }
          schema={editing.mode === 'edit' ? (config.editSchema ?? config.schema) : config.schema}
          fields={
            editing.mode === 'create' ? (config.createFields ?? config.fields) : config.fields
          }
          defaultValues={
            editing.mode === 'edit' ? config.toValues(editing.row) : config.emptyValues
          }
          onSubmit={submit}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
      {loading && !data ? <Loading /> : null}
      {data ? (
        <DataTable
          caption={`${config.noun} 목록`}
          rows={data}
          columns={columns}
          rowKey={config.idOf}
          searchText={config.searchText}
          initialSort={config.initialSort}
        />
      ) : null}
      {config.remove ? (
        <ConfirmDialog
          open={deleting !== null}
          title={`${config.noun} 삭제`}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const row = deleting!;
            await config.remove!(row);
            setNotice(`${josa(config.nameOf(row), '을/를')} 삭제했습니다.`);
            reload();
          }}
        >
          <p>{deleting ? `${josa(config.nameOf(deleting), '을/를')} 삭제할까요?` : ''}</p>
          {config.deleteNote ? <p>{config.deleteNote}</p> : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
