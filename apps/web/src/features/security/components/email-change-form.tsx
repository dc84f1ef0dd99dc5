import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { StepUpProof } from '@app/shared/schemas/security';
import type { Me } from '@app/shared/schemas/user';
import { emailSchema } from '@app/shared/validation/rules';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-fields';
import { StepUpField } from '../../../components/step-up-field';
import { isStepUpError } from '../../../lib/step-up';
import { FormAlert } from '../../auth/components/form-alert';
import { useChangeEmail } from '../api/account-changes';

const emailChangeFormSchema = z.object({ email: emailSchema });

/** A new e-mail, confirmed by the step-up; the server mails a code to the new address at once. */
export function EmailChangeForm({ onChanged, onCancel }: { onChanged: (me: Me) => void; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const change = useChangeEmail();
  const form = useZodForm(emailChangeFormSchema, { email: '' });
  const [stepUp, setStepUp] = useState<StepUpProof>({});
  const [stepUpError, setStepUpError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFormError(null);
    setStepUpError(null);
    try {
      onChanged(await change.mutateAsync({ email: email.trim(), stepUp }));
    } catch (error) {
      if (isStepUpError(error)) setStepUpError(serverErrorText(t, error, form.setError, []));
      else setFormError(serverErrorText(t, error, form.setError, ['email']));
    }
  });

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={onSubmit}
      aria-label={t('emailChange.title')}
      data-testid="email-change-form"
    >
      <FormAlert text={formError} />
      <FormTextField
        control={form.control}
        name="email"
        label={t('emailChange.newEmail')}
        hint={t('emailChange.hint')}
        type="email"
        autoComplete="email"
      />
      <StepUpField onChange={setStepUp} error={stepUpError} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          loading={form.formState.isSubmitting}
          data-testid="email-change-submit"
        >
          {t('emailChange.submit')}
        </Button>
        <Button onClick={onCancel}>{t('emailChange.cancel')}</Button>
      </Stack>
    </Stack>
  );
}
