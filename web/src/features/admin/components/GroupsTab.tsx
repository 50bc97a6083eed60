import { useState } from 'react';
import { MODULE_NAMES, MODULES, type Module } from '@/api/claims';
import { Button, Checkbox, DateText, Dialog, EmptyState, ErrorSummary, Field, LoadState, Notice, Table, useProblemForm } from '@/ui';
import { useGroups, useSaveGroup, type Group } from '../api';
import { useT } from '@/i18n';

interface GroupForm {
  name: string;
  currency: string;
  modules: Module[];
}

function GroupDialog({ group, open, onClose, onSaved }: { group: Group | null; open: boolean; onClose: () => void; onSaved: (name: string) => void }) {
  const t = useT();
  const { register, submit, summary, formState } = useProblemForm<GroupForm>({
    values: group ? { name: group.name, currency: group.currency, modules: group.modules } : { name: '', currency: 'EUR', modules: [...MODULES] },
    labels: { name: t('admin.name'), currency: t('admin.currency'), modules: t('admin.modules') },
  });
  const save = useSaveGroup();
  return (
    <Dialog open={open} title={group ? t('admin.group.edit', { name: group.name }) : t('admin.group.new')} onClose={onClose}>
      <ErrorSummary items={summary} />
      <form
        noValidate
        onSubmit={submit(async (values) => {
          const saved = await save.mutateAsync({
            groupId: group?.id ?? null,
            body: { ...values, currency: values.currency.toUpperCase(), modules: values.modules || [] },
          });
          onSaved(saved.name);
          onClose();
        })}
      >
        <Field label={t('admin.name')} error={formState.errors.name?.message} {...register('name', { required: t('admin.group.name.required') })} />
        <Field
          label={t('admin.currency')}
          hint={t('admin.currency.hint')}
          maxLength={3}
          autoCapitalize="characters"
          spellCheck={false}
          error={formState.errors.currency?.message}
          {...register('currency', { required: t('admin.currency.required'), pattern: { value: /^[A-Za-z]{3}$/, message: t('admin.currency.pattern') } })}
        />
        <fieldset id="modules">
          <legend>{t('admin.modules')}</legend>
          {formState.errors.modules?.message ? <p className="field-message">{formState.errors.modules.message}</p> : null}
          {MODULES.map((module) => (
            <Checkbox key={module} id={`module-${module}`} label={t(MODULE_NAMES[module])} value={module} {...register('modules')} />
          ))}
        </fieldset>
        <div className="actions">
          <Button type="submit" busy={save.isPending}>
            {group ? t('admin.group.save') : t('admin.group.create')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function GroupsTab() {
  const t = useT();
  const groups = useGroups();
  const [editing, setEditing] = useState<Group | null>(null);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const openDialog = (group: Group | null) => {
    setEditing(group);
    setOpen(true);
  };
  return (
    <>
      <div className="actions">
        <Button onClick={() => openDialog(null)}>{t('admin.group.new')}</Button>
      </div>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      <LoadState
        query={groups}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title={t('admin.groups.empty')}>{t('admin.groups.emptyHint')}</EmptyState>}
      >
        {(rows) => (
          <Table
            caption={t('admin.groups')}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              { header: t('admin.name'), cell: (row) => row.name },
              { header: t('admin.currency'), cell: (row) => row.currency },
              {
                header: t('admin.modules'),
                cell: (row) => (row.modules.length ? row.modules.map((module) => t(MODULE_NAMES[module])).join(', ') : t('admin.modules.none')),
              },
              { header: t('nav.members'), cell: (row) => row.memberCount },
              { header: t('admin.created'), cell: (row) => <DateText value={row.createdDate} /> },
              {
                header: t('admin.actions'),
                className: 'table-actions',
                cell: (row) => (
                  <Button variant="secondary" aria-label={t('admin.group.edit', { name: row.name })} onClick={() => openDialog(row)}>
                    {t('common.edit')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </LoadState>
      {/* mounted while open, so each opening starts from the group as it is, with no old errors */}
      {open ? <GroupDialog group={editing} open onClose={() => setOpen(false)} onSaved={(name) => setNotice(t('admin.group.saved', { name }))} /> : null}
    </>
  );
}
