import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StepUpProof } from '@app/shared/schemas/security';
import { MSG } from '@app/shared/validation/messages';
import { passwordSchema } from '@app/shared/validation/rules';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { StepUpField } from '../../../components/step-up-field';
import { isStepUpError } from '../../../lib/step-up';
import { FormAlert } from '../../auth/components/form-alert';
import { FormPasswordField } from '../../auth/components/form-fields';
import { useChangePassword } from '../api/account-changes';

const passwordChangeFormSchema = z
  .object({
    password: passwordSchema,
    passwordConfirm: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
  })
  .refine((v) => v.password === v.passwordConfirm, { error: MSG.passwordMismatch, path: ['passwordConfirm'] });

/** /account/data: a new password, confirmed by the step-up; every other device is signed out. */
export function PasswordChangeCard() {
  const { t } = useTranslation('auth');
  const change = useChangePassword();
  const form = useZodForm(passwordChangeFormSchema, { password: '', passwordConfirm: '' });
  const [stepUp, setStepUp] = useState<StepUpProof>({});
  const [stepUpError, setStepUpError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // A new key clears the proof's field after a change: a password typed once is not kept around.
  const [round, setRound] = useState(0);
  const [done, setDone] = useState(false);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    setStepUpError(null);
    setDone(false);
    try {
      await change.mutateAsync({ password, stepUp });
      form.reset();
      setStepUp({});
      setRound((r) => r + 1);
      setDone(true);
    } catch (error) {
      if (isStepUpError(error)) setStepUpError(serverErrorText(t, error, form.setError, []));
      else setFormError(serverErrorText(t, error, form.setError, ['password']));
    }
  });

  return (
    <Card component="section" aria-labelledby="password-change-title" data-testid="password-change">
      <CardContent sx={{ p: 3 }}>
        <Typography id="password-change-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('passwordChange.title')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t('passwordChange.lead')}
        </Typography>
        <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label={t('passwordChange.title')}>
          {done && (
            <Alert severity="success" role="status" data-testid="password-changed">
              {t('passwordChange.done')}
            </Alert>
          )}
          <FormAlert text={formError} />
          <FormPasswordField
            control={form.control}
            name="password"
            label={t('fields.newPassword')}
            autoComplete="new-password"
            hint={t('password.hint')}
            showStrength
          />
          <FormPasswordField
            control={form.control}
            name="passwordConfirm"
            label={t('fields.passwordConfirm')}
            autoComplete="new-password"
          />
          <StepUpField key={round} onChange={setStepUp} error={stepUpError} />
          <Button
            type="submit"
            variant="contained"
            loading={form.formState.isSubmitting}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="password-change-submit"
          >
            {t('passwordChange.submit')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
