import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PersonDetail } from '@app/shared/schemas/people-control';
import { referrerChangeSchema } from '@app/shared/schemas/referral';
import { MSG } from '@app/shared/validation/messages';
import { fieldText, serverErrorText, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-fields';
import { useChangeReferrer } from '../api/change-referrer';
import { usePeople } from '../api/get-people';
import { personName } from '../lib/person-name';

const UID = /^#?(\d{1,9})$/;

/** The request's own reason rule; the UID is typed text until it is sent (the request takes a number). */
const formSchema = z
  .object({
    who: z.enum(['person', 'none']),
    referrerId: z.string().trim(),
    reason: referrerChangeSchema.shape.reason,
  })
  .superRefine((value, ctx) => {
    if (value.who === 'person' && !UID.test(value.referrerId))
      ctx.addIssue({
        code: 'custom',
        path: ['referrerId'],
        message: value.referrerId ? MSG.invalidValue : MSG.required,
      });
  });
type Form = z.input<typeof formSchema>;

/** The account a well-formed UID names, so the admin sees whom they are about to pick (the server decides). */
function Preview({ uid }: { uid: string }) {
  const { t } = useTranslation('moderation');
  const id = Number(UID.exec(uid.trim())?.[1]);
  // The search puts an exact UID first; a page of the last UID typed is no answer for this one.
  const found = usePeople({ q: String(id), page: 0, pageSize: 5 });
  if (found.isPending || found.isPlaceholderData) return null;
  const match = found.data?.items.find((row) => row.id === id);
  return (
    <Typography variant="body2" color={match ? 'textPrimary' : 'textSecondary'} data-testid="referrer-preview">
      {match
        ? t('person.referrerDialog.preview', { name: personName(match), email: match.email })
        : t('person.referrerDialog.noSuchUid')}
    </Typography>
  );
}

/** "Change referrer": another person by UID, or none, with the reason the audit log keeps. */
export function ReferrerDialog({
  detail,
  name,
  onClose,
  onDone,
}: {
  detail: PersonDetail;
  name: string;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('moderation');
  const change = useChangeReferrer();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm<Form>(formSchema, { who: 'person', referrerId: '', reason: '' });
  const who = useWatch({ control: form.control, name: 'who' });
  const uid = useWatch({ control: form.control, name: 'referrerId' });
  const current = detail.referral.referrer;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync({
        userId: detail.person.id,
        body: {
          referrerId: values.who === 'none' ? null : Number(UID.exec(values.referrerId.trim())![1]),
          reason: values.reason.trim(),
        },
      });
      onDone();
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, ['referrerId', 'reason']));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="person-referrer-dialog">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle>{t('person.referrerDialog.title', { name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              {t('person.referrerDialog.text', {
                current: current ? `${personName(current)} (#${current.id})` : t('person.referral.nobody'),
              })}
            </DialogContentText>
            {formError && (
              <Alert severity="error" data-testid="person-referrer-error">
                {formError}
              </Alert>
            )}
            <Controller
              name="who"
              control={form.control}
              render={({ field }) => (
                <RadioGroup {...field} aria-label={t('person.referrerDialog.choice')}>
                  <FormControlLabel
                    value="person"
                    control={<Radio />}
                    label={t('person.referrerDialog.person')}
                    data-testid="referrer-choice-person"
                  />
                  <FormControlLabel
                    value="none"
                    control={<Radio />}
                    label={t('person.referrerDialog.none')}
                    data-testid="referrer-choice-none"
                  />
                </RadioGroup>
              )}
            />
            {who === 'person' && (
              <Controller
                name="referrerId"
                control={form.control}
                render={({ field, fieldState }) => (
                  <Stack spacing={0.75}>
                    <TextField
                      {...field}
                      label={t('person.referrerDialog.uid')}
                      autoFocus
                      error={Boolean(fieldState.error)}
                      helperText={fieldText(t, fieldState.error) ?? t('person.referrerDialog.uidHint')}
                      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10, 'data-testid': 'referrer-uid' } }}
                    />
                    {UID.test(uid.trim()) && <Preview uid={uid} />}
                  </Stack>
                )}
              />
            )}
            <FormTextField
              control={form.control}
              name="reason"
              label={t('reason')}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { 'data-testid': 'referrer-reason' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.formState.isSubmitting}
            data-testid="person-referrer-confirm"
          >
            {t('person.referrerDialog.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
