import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { api, call, session, type Schema } from '@/api/client';
import { applyProblem, invalidSummary, type SummaryItem } from '@/api/form-errors';
import { Button, ErrorSummary, Field, Notice } from '@/ui';
import { accountKey } from '../queries';

export function NicknameSection({ account }: { account: Schema<'ProfileDto'> }) {
  const queryClient = useQueryClient();
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm({ values: { nickname: account.nickname } });
  const save = useMutation({
    mutationFn: (nickname: string) => call(api.PUT('/api/v1/account', { body: { nickname } })),
    onSuccess: async (profile) => {
      queryClient.setQueryData(accountKey, profile);
      setSaved(true);
      // the token's Nickname claim follows at the next refresh: take it now so the header agrees
      await session.refresh().catch(() => undefined);
    },
    onError: (error) => setSummary(applyProblem(error, ['nickname'], setError, { nickname: 'Name' })),
  });

  return (
    <section className="card" aria-labelledby="nickname-title">
      <h2 id="nickname-title">Name shown to your group</h2>
      {saved ? <Notice tone="success">Your name has been saved.</Notice> : null}
      <ErrorSummary items={summary} />
      <form
        noValidate
        onSubmit={handleSubmit(
          ({ nickname }) => {
            setSummary([]);
            setSaved(false);
            save.mutate(nickname);
          },
          (errors) => setSummary(invalidSummary(errors)),
        )}
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
