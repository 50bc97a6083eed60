import { useState } from 'react';
import { Button, DateText, Dialog, ErrorSummary, Field, Notice, SelectField, useProblemForm } from '@/ui';
import { useCreateMember, type CreatedMember, type Group } from '../api';
import { GroupOptions } from './GroupOptions';

interface MemberForm {
  username: string;
  nickname: string;
  email: string;
  groupId: string;
  role: 'User' | 'Admin';
}

/** The set-password link, to hand over in person or by message when mail does not work. */
function CreatedLink({ created, onClose }: { created: CreatedMember; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <Notice tone="success">
        {created.user.nickname} can now choose a password with this link. It works once, until <DateText value={created.expiresAt} withTime />. We
        also emailed it to {created.user.email} (when this server can send mail).
      </Notice>
      <Field label="Set-password link" readOnly value={created.setPasswordUrl} onFocus={(event) => event.currentTarget.select()} />
      <div className="actions">
        <Button
          onClick={async () => {
            await navigator.clipboard?.writeText(created.setPasswordUrl).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? 'Copied' : 'Copy the link'}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </>
  );
}

export function CreateMemberDialog({ groups, onClose }: { groups: Group[]; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedMember | null>(null);
  const { register, submit, summary, formState } = useProblemForm<MemberForm>({
    defaultValues: { username: '', nickname: '', email: '', groupId: groups.length === 1 ? groups[0].id : '', role: 'User' },
    labels: { username: 'Username', nickname: 'Name', email: 'Email address', groupId: 'Group', role: 'Role' },
  });
  const create = useCreateMember();
  const errors = formState.errors;
  return (
    <Dialog open title="Add a member" onClose={onClose}>
      {created ? (
        <CreatedLink created={created} onClose={onClose} />
      ) : (
        <>
          <p className="muted">They get a link to choose their own password; no registration or approval needed.</p>
          <ErrorSummary items={summary} />
          <form noValidate onSubmit={submit(async (values) => setCreated(await create.mutateAsync(values)))}>
            <Field
              label="Username"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.username?.message}
              {...register('username', { required: 'Enter a username', pattern: { value: /^[A-Za-z0-9._-]{3,50}$/, message: 'Use 3 to 50 letters, digits, dots, dashes or underscores' } })}
            />
            <Field label="Name" error={errors.nickname?.message} {...register('nickname', { required: 'Enter the name their group will see' })} />
            <Field label="Email address" type="email" spellCheck={false} error={errors.email?.message} {...register('email', { required: 'Enter their email address' })} />
            <SelectField label="Group" error={errors.groupId?.message} {...register('groupId', { required: 'Choose their group' })}>
              <GroupOptions groups={groups} />
            </SelectField>
            <SelectField label="Role" {...register('role')}>
              <option value="User">Member</option>
              <option value="Admin">Administrator</option>
            </SelectField>
            <div className="actions">
              <Button type="submit" busy={create.isPending}>
                Add member
              </Button>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
            </div>
          </form>
        </>
      )}
    </Dialog>
  );
}
