import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call, session, type Schema } from '@/api/client';
import { Button, ErrorSummary, Field, Notice, useProblemForm } from '@/ui';
import { accountKey } from '../queries';

export function NicknameSection({ account }: { account: Schema<'ProfileDto'> }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const { register, submit, summary, formState } = useProblemForm({ values: { nickname: account.nickname }, labels: { nickname: 'Name' } });
  const save = useMutation({
    mutationFn: (nickname: string) => call(api.PUT('/api/v1/account', { body: { nickname } })),
    onSuccess: async (profile) => {
      queryClient.setQueryData(accountKey, profile);
      setSaved(true);
      // the token's Nickname claim follows at the next refresh: take it now so the header agrees
      await session.refresh().catch(() => undefined);
    },
  });

  return (
    <section className="card" aria-labelledby="nickname-title">
      <h2 id="nickname-title">Name shown to your group</h2>
      {saved ? <Notice tone="success">Your name has been saved.</Notice> : null}
      <ErrorSummary items={summary} />
      <form
        noValidate
        onSubmit={submit(({ nickname }) => {
          setSaved(false);
          return save.mutateAsync(nickname);
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
