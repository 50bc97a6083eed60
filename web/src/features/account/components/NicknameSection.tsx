import { useState } from 'react';
import { Button, ErrorSummary, Field, Notice, useProblemForm } from '@/ui';
import { useSaveNickname, type Profile } from '../api';

export function NicknameSection({ account }: { account: Profile }) {
  const [saved, setSaved] = useState(false);
  const { register, submit, summary, formState } = useProblemForm({ values: { nickname: account.nickname }, labels: { nickname: 'Name' } });
  const save = useSaveNickname();

  return (
    <section className="card" aria-labelledby="nickname-title">
      <h2 id="nickname-title">Name shown to your group</h2>
      {saved ? <Notice tone="success">Your name has been saved.</Notice> : null}
      <ErrorSummary items={summary} />
      <form
        noValidate
        onSubmit={submit(async ({ nickname }) => {
          setSaved(false);
          await save.mutateAsync(nickname);
          setSaved(true);
        })}
      >
        <Field
          label="Name"
          hint="Up to 25 characters."
          autoComplete="nickname"
          error={formState.errors.nickname?.message}
          {...register('nickname', { required: 'Enter a name', maxLength: { value: 25, message: 'Use at most 25 characters' } })}
        />
        <Button type="submit" busy={save.isPending}>
          Save name
        </Button>
      </form>
    </section>
  );
}
