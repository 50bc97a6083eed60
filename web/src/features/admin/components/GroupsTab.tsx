import { useState } from 'react';
import { MODULES, type Module } from '@/api/claims';
import { Button, Checkbox, DateText, Dialog, EmptyState, ErrorSummary, Field, LoadState, Notice, Table, useProblemForm } from '@/ui';
import { useGroups, useSaveGroup, type Group } from '../api';

interface GroupForm {
  name: string;
  currency: string;
  modules: Module[];
}

function GroupDialog({ group, open, onClose, onSaved }: { group: Group | null; open: boolean; onClose: () => void; onSaved: (name: string) => void }) {
  const { register, submit, summary, formState } = useProblemForm<GroupForm>({
    values: group ? { name: group.name, currency: group.currency, modules: group.modules } : { name: '', currency: 'EUR', modules: [...MODULES] },
    labels: { name: 'Name', currency: 'Currency', modules: 'Modules' },
  });
  const save = useSaveGroup();
  return (
    <Dialog open={open} title={group ? `Edit ${group.name}` : 'New group'} onClose={onClose}>
      <ErrorSummary items={summary} />
      <form
        noValidate
        onSubmit={submit(async (values) => {
          const saved = await save.mutateAsync({ groupId: group?.id ?? null, body: { ...values, currency: values.currency.toUpperCase(), modules: values.modules || [] } });
          onSaved(saved.name);
          onClose();
        })}
      >
        <Field label="Name" error={formState.errors.name?.message} {...register('name', { required: 'Enter the group’s name' })} />
        <Field
          label="Currency"
          hint="The three-letter code, for example EUR, GBP or USD."
          maxLength={3}
          autoCapitalize="characters"
          spellCheck={false}
          error={formState.errors.currency?.message}
          {...register('currency', { required: 'Enter the currency', pattern: { value: /^[A-Za-z]{3}$/, message: 'Use a three-letter code such as EUR' } })}
        />
        <fieldset id="modules">
          <legend>Modules</legend>
          {formState.errors.modules?.message ? <p className="field-message">{formState.errors.modules.message}</p> : null}
          {MODULES.map((module) => (
            <Checkbox key={module} id={`module-${module}`} label={module} value={module} {...register('modules')} />
          ))}
        </fieldset>
        <div className="actions">
          <Button type="submit" busy={save.isPending}>
            {group ? 'Save group' : 'Create group'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function GroupsTab() {
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
        <Button onClick={() => openDialog(null)}>New group</Button>
      </div>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      <LoadState
        query={groups}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title="There are no groups yet">Create the first group, then approve registrations into it.</EmptyState>}
      >
        {(rows) => (
          <Table
            caption="Groups"
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Name', cell: (row) => row.name },
              { header: 'Currency', cell: (row) => row.currency },
              { header: 'Modules', cell: (row) => (row.modules.length ? row.modules.join(', ') : 'none') },
              { header: 'Members', cell: (row) => row.memberCount },
              { header: 'Created', cell: (row) => <DateText value={row.createdDate} /> },
              {
                header: 'Actions',
                className: 'table-actions',
                cell: (row) => (
                  <Button variant="secondary" aria-label={`Edit ${row.name}`} onClick={() => openDialog(row)}>
                    Edit
                  </Button>
                ),
              },
            ]}
          />
        )}
      </LoadState>
      {/* mounted while open, so each opening starts from the group as it is, with no old errors */}
      {open ? <GroupDialog group={editing} open onClose={() => setOpen(false)} onSaved={(name) => setNotice(`${name} has been saved.`)} /> : null}
    </>
  );
}
