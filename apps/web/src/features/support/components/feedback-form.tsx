import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import SendIcon from '@mui/icons-material/SendOutlined';
import { FEEDBACK_MESSAGE_MIN, feedbackRequestSchema } from '@app/shared/schemas/auth';
import { useSendFeedback } from '../api/send-feedback';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-fields';
import { loadTexts } from '../../../lib/i18n';

// Rule and error messages: a prerendered page starts without them (PUBLIC_PAGE_NAMESPACES).
await loadTexts('msg', 'errors');

const EMPTY = { name: '', email: '', message: '' };

/** The support form: name, e-mail and message, checked with the same schema the server uses. */
export function FeedbackForm() {
  const { t } = useTranslation('support');
  const send = useSendFeedback();
  const form = useZodForm(feedbackRequestSchema, EMPTY);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const data = { name: values.name.trim(), email: values.email.trim(), message: values.message.trim() };
    try {
      await send.mutateAsync(data);
      setSentTo(data.email);
      form.reset(EMPTY);
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, ['name', 'email', 'message']));
    }
  });

  if (sentTo) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success" role="status" data-testid="feedback-success" sx={{ width: '100%' }}>
          <AlertTitle>{t('support.form.successTitle')}</AlertTitle>
          {t('support.form.successText', { email: sentTo })}
        </Alert>
        <Button onClick={() => setSentTo(null)}>{t('support.form.another')}</Button>
      </Stack>
    );
  }

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="feedback-title"
      data-testid="feedback-form"
    >
      {formError && (
        <Alert severity="error" role="alert" data-testid="form-error">
          {formError}
        </Alert>
      )}
      <FormTextField control={form.control} name="name" label={t('support.form.name')} autoComplete="name" />
      <FormTextField
        control={form.control}
        name="email"
        label={t('support.form.email')}
        type="email"
        autoComplete="email"
      />
      <FormTextField
        control={form.control}
        name="message"
        label={t('support.form.message')}
        hint={t('support.form.messageHint', { min: FEEDBACK_MESSAGE_MIN })}
        multiline
        minRows={5}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        endIcon={<SendIcon />}
        disabled={form.formState.isSubmitting}
        sx={{ alignSelf: { sm: 'flex-start' } }}
      >
        {t('support.form.submit')}
      </Button>
    </Stack>
  );
}
