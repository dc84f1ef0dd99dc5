import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { codeSchema, recoverySendCodeRequestSchema } from '@app/shared/schemas/auth';
import { MSG } from '@app/shared/validation/messages';
import { passwordSchema } from '@app/shared/validation/rules';
import { ApiError } from '../../../lib/api-client';
import { useResetPassword, useSendRecoveryCode } from '../api/password-recovery';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { useCountdown } from '../lib/use-countdown';
import { FormAlert } from './form-alert';
import { FormTextField } from '../../../components/form/form-fields';
import { FormCodeField, FormPasswordField } from './form-fields';
import { ResendButton } from './resend-button';

const resetFormSchema = z
  .object({
    code: codeSchema,
    password: passwordSchema,
    passwordConfirm: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
  })
  .refine((v) => v.password === v.passwordConfirm, { error: MSG.passwordMismatch, path: ['passwordConfirm'] });

/** SPEC.md "Password restoration": e-mail, a mailed code, a new password, then log in. */
export function RecoveryForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const sendCode = useSendRecoveryCode();
  const reset = useResetPassword();
  const countdown = useCountdown();
  const [email, setEmail] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const emailForm = useZodForm(recoverySendCodeRequestSchema, { email: '' });
  const resetForm = useZodForm(resetFormSchema, { code: '', password: '', passwordConfirm: '' });

  async function requestCode(address: string) {
    setFormError(null);
    try {
      const sent = await sendCode.mutateAsync(address);
      setEmail(address);
      countdown.start(sent.resendIn);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CODE_RESEND_WAIT' && error.retryAfter) {
        setEmail(address);
        countdown.start(error.retryAfter);
        return;
      }
      setFormError(serverErrorText(t, error, emailForm.setError, ['email']));
    }
  }

  const onSendCode = emailForm.handleSubmit(({ email: address }) => requestCode(address.trim().toLowerCase()));

  const onReset = resetForm.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ email: email!, code: values.code.trim(), password: values.password });
      navigate('/auth/login?recoverySuccess=true', { replace: true });
    } catch (error) {
      setFormError(serverErrorText(t, error, resetForm.setError, ['code', 'password']));
    }
  });

  if (!email) {
    return (
      <Stack component="form" spacing={2} noValidate onSubmit={onSendCode} aria-label={t('recovery.title')}>
        <Typography color="textSecondary">{t('recovery.emailStep')}</Typography>
        <FormAlert text={formError} />
        <FormTextField
          control={emailForm.control}
          name="email"
          label={t('fields.email')}
          type="email"
          autoComplete="email"
        />
        <Button type="submit" variant="contained" size="large" disabled={emailForm.formState.isSubmitting}>
          {t('recovery.sendCode')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onReset} aria-label={t('recovery.title')}>
      <Typography color="textSecondary">{t('recovery.codeStep', { email })}</Typography>
      <FormAlert text={formError} />
      <FormCodeField control={resetForm.control} name="code" />
      <ResendButton
        secondsLeft={countdown.left}
        onResend={() => void requestCode(email)}
        disabled={sendCode.isPending}
      />
      <FormPasswordField
        control={resetForm.control}
        name="password"
        label={t('fields.newPassword')}
        autoComplete="new-password"
        hint={t('password.hint')}
        showStrength
      />
      <FormPasswordField
        control={resetForm.control}
        name="passwordConfirm"
        label={t('fields.passwordConfirm')}
        autoComplete="new-password"
      />
      <Button type="submit" variant="contained" size="large" disabled={resetForm.formState.isSubmitting}>
        {t('recovery.submit')}
      </Button>
      <Button onClick={() => setEmail(null)}>{t('recovery.otherEmail')}</Button>
    </Stack>
  );
}
