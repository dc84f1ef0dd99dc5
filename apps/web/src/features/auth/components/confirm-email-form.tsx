import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EMAIL_CODE_RESEND_SECONDS } from '@app/shared/constants';
import { codeSchema } from '@app/shared/schemas/auth';
import { RouterLink } from '../../../components/router-link';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useMe } from '../../session/api/get-me';
import { useCheckVerifyCode, useSendVerifyCode } from '../api/email-verification';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { useCountdown } from '../lib/use-countdown';
import { resendWaitFromMark } from '../lib/code-sent';
import { FormAlert } from './form-alert';
import { FormCodeField } from './form-fields';
import { ResendButton } from './resend-button';

const confirmSchema = z.object({ code: codeSchema });

/** Open to all (SPEC.md section 2): a guest is asked to log in first; success goes to the market. */
export function ConfirmEmailForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const record = useSession();
  const { data: me } = useMe();
  const sendCode = useSendVerifyCode();
  const check = useCheckVerifyCode();
  // Sent just now: told by the registration's navigation, or after a page load by its mark.
  const codeSent = Boolean((location.state as { codeSent?: boolean } | null)?.codeSent);
  const countdown = useCountdown(codeSent ? EMAIL_CODE_RESEND_SECONDS : resendWaitFromMark());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(confirmSchema, { code: '' });

  if (!record?.token) {
    return (
      <Stack spacing={2}>
        <Typography color="textSecondary">{t('confirm.loginFirst')}</Typography>
        <Button variant="contained" href="/auth/login" LinkComponent={RouterLink}>
          {t('login.submit')}
        </Button>
      </Stack>
    );
  }
  if (me?.privateRelay) {
    return <Alert severity="warning">{t('confirm.privateRelay')}</Alert>;
  }
  if (me?.emailVerified) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">{t('confirm.already', { email: me.email })}</Alert>
        <Button variant="contained" href="/market" LinkComponent={RouterLink}>
          {t('confirm.toMarket')}
        </Button>
      </Stack>
    );
  }

  async function resend() {
    setFormError(null);
    try {
      countdown.start((await sendCode.mutateAsync()).resendIn);
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
      navigate('/market', { replace: true });
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, ['code']));
    }
  });

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label={t('confirm.title')}>
      <Typography color="textSecondary">
        {me ? t('confirm.lead', { email: me.email }) : t('confirm.leadNoEmail')}
      </Typography>
      <FormAlert text={formError} />
      <FormCodeField control={form.control} name="code" />
      <ResendButton secondsLeft={countdown.left} onResend={() => void resend()} disabled={sendCode.isPending} />
      <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
        {t('confirm.submit')}
      </Button>
    </Stack>
  );
}
