import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EMAIL_CODE_RESEND_SECONDS } from '@app/shared/constants';
import { codeSchema } from '@app/shared/schemas/auth';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { ApiError } from '../../../lib/api-client';
import { useCheckVerifyCode, useSendVerifyCode } from '../../auth/api/email-verification';
import { FormAlert } from '../../auth/components/form-alert';
import { FormCodeField } from '../../auth/components/form-fields';
import { ResendButton } from '../../auth/components/resend-button';
import { useCountdown } from '../../auth/lib/use-countdown';

const codeFormSchema = z.object({ code: codeSchema });

/** The code the e-mail change just mailed to the new address, typed in place. */
export function EmailCodeStep({ email, onConfirmed }: { email: string; onConfirmed: () => void }) {
  const { t } = useTranslation('auth');
  const check = useCheckVerifyCode();
  const resendCode = useSendVerifyCode();
  // The change itself sent the first code.
  const countdown = useCountdown(EMAIL_CODE_RESEND_SECONDS);
  const form = useZodForm(codeFormSchema, { code: '' });
  const [formError, setFormError] = useState<string | null>(null);

  async function resend() {
    setFormError(null);
    try {
      countdown.start((await resendCode.mutateAsync()).resendIn);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CODE_RESEND_WAIT' && error.retryAfter)
        countdown.start(error.retryAfter);
      else setFormError(serverErrorText(t, error, form.setError, []));
    }
  }

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      await check.mutateAsync(code.trim());
      onConfirmed();
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, ['code']));
    }
  });

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={onSubmit}
      aria-label={t('emailChange.codeTitle')}
      data-testid="email-code-step"
    >
      <Typography variant="body2" color="textSecondary" sx={{ wordBreak: 'break-word' }}>
        {t('emailChange.codeLead', { email })}
      </Typography>
      <FormAlert text={formError} />
      <FormCodeField control={form.control} name="code" />
      <ResendButton secondsLeft={countdown.left} onResend={() => void resend()} disabled={resendCode.isPending} />
      <Button
        type="submit"
        variant="contained"
        loading={form.formState.isSubmitting}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="email-code-submit"
      >
        {t('emailChange.codeSubmit')}
      </Button>
    </Stack>
  );
}
