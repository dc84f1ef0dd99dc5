import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cpaApplicationSchema, type CpaPartnerState } from '@app/shared/schemas/cpa-programme';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-fields';
import { useApply } from '../api/apply';
import { ProgrammeTerms } from './programme-terms';

/** The short application: where the traffic comes from and how to reach the person; again after a rejection. */
export function ApplicationForm({ previous }: { previous?: CpaPartnerState }) {
  const { t } = useTranslation('cpa');
  const apply = useApply();
  const [formError, setFormError] = useState<string | null>(null);
  const again = previous?.status === 'rejected';
  const form = useZodForm(cpaApplicationSchema, {
    trafficSources: previous?.trafficSources ?? '',
    contact: previous?.contact ?? '',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await apply.mutateAsync(values);
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, ['trafficSources', 'contact']));
    }
  });

  return (
    <Card variant="outlined" data-testid="cpa-application">
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-labelledby="cpa-apply-title">
          <Stack spacing={0.5}>
            <Typography variant="h5" component="h2" id="cpa-apply-title">
              {t(again ? 'apply.againTitle' : 'apply.title')}
            </Typography>
            <Typography color="textSecondary" sx={{ maxWidth: 680 }}>
              {t('apply.lead')}
            </Typography>
          </Stack>
          <ProgrammeTerms />
          {formError && <Alert severity="error">{formError}</Alert>}
          <FormTextField
            control={form.control}
            name="trafficSources"
            label={t('apply.trafficSources')}
            hint={t('apply.trafficHint')}
            multiline
            minRows={4}
            slotProps={{ htmlInput: { 'data-testid': 'cpa-apply-traffic' } }}
          />
          <FormTextField
            control={form.control}
            name="contact"
            label={t('apply.contact')}
            hint={t('apply.contactHint')}
            slotProps={{ htmlInput: { 'data-testid': 'cpa-apply-contact' } }}
          />
          <Stack direction="row">
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={form.formState.isSubmitting}
              data-testid="cpa-apply-submit"
            >
              {t(again ? 'apply.submitAgain' : 'apply.submit')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
