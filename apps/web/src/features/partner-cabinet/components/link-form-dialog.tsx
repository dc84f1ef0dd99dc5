import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import type { z } from 'zod';
import { CPA_LANDINGS, cpaLinkCreateSchema, type CpaLink, type CpaLinkCreateInput } from '@app/shared/schemas/cpa';
import { CPA_MACROS } from '@app/shared/schemas/cpa-programme';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-fields';
import { useCreateLink } from '../api/create-link';
import { useUpdateLink } from '../api/update-link';
import { landingKey } from '../../../lib/cpa-landing-key';

const FIELDS = ['name', 'landing', 'callbackUrl'] as const;
const MACRO_LIST = CPA_MACROS.map((name) => `{${name}}`).join(' ');

/** Creates a link, or edits `link`: its name, landing and callback URL. */
export function LinkFormDialog({
  open,
  link,
  onClose,
  onDone,
}: {
  open: boolean;
  link?: CpaLink;
  onClose: () => void;
  onDone: (notice: 'created' | 'saved') => void;
}) {
  const { t } = useTranslation('cpa');
  const create = useCreateLink();
  const update = useUpdateLink();
  const [formError, setFormError] = useState<string | null>(null);
  // The schema's preprocessing (an empty callback is none) types its input as unknown; the form's is this.
  const form = useZodForm(cpaLinkCreateSchema as unknown as z.ZodType<unknown, CpaLinkCreateInput>, {
    name: link?.name ?? '',
    landing: link?.landing ?? '/',
    callbackUrl: link?.callbackUrl ?? '',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (link) await update.mutateAsync({ id: link.id, patch: values });
      else await create.mutateAsync(values);
      onDone(link ? 'saved' : 'created');
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, FIELDS));
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="link-form">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle>{t(link ? 'form.editTitle' : 'form.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <FormTextField
              control={form.control}
              name="name"
              label={t('form.name')}
              hint={t('form.nameHint')}
              autoFocus
              slotProps={{ htmlInput: { 'data-testid': 'link-name' } }}
            />
            <Controller
              name="landing"
              control={form.control}
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  fullWidth
                  label={t('form.landing')}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'link-landing' } as object } }}
                >
                  {CPA_LANDINGS.map((landing) => (
                    <MenuItem key={landing} value={landing} data-testid={`landing-${landingKey(landing)}`}>
                      {t(`landing.${landingKey(landing)}`)} ({landing})
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FormTextField
              control={form.control}
              name="callbackUrl"
              label={t('form.callbackUrl')}
              hint={t('form.callbackHint', { macros: MACRO_LIST })}
              type="url"
              inputMode="url"
              slotProps={{ htmlInput: { 'data-testid': 'link-callback' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} data-testid="link-submit">
            {t(link ? 'form.save' : 'form.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
