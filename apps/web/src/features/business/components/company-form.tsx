import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import {
  COMPANY_CATEGORIES,
  COMPANY_DESCRIPTION_MAX,
  COMPANY_PHOTOS_MAX,
  companyInputSchema,
  type CompanyCard,
  type CompanyImage,
  type CompanyInput,
} from '@app/shared/schemas/business';
import { fieldText, serverErrorText, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-fields';
import { PlacePicker } from '../../../components/map/place-picker';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useSaveCompany } from '../api/save-company';
import { ImagePicker } from './image-picker';

const FIELDS = ['name', 'category', 'website', 'description', 'place'] as const;

interface FormValues extends Omit<CompanyInput, 'category'> {
  category: CompanyInput['category'] | '';
}

/** Adds the company, or edits `company`: every field, the logo, the photos and the place on the map. */
export function CompanyForm({
  company,
  styleUrl,
  onDone,
  onCancel,
}: {
  company: CompanyCard | null;
  styleUrl: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('business');
  const save = useSaveCompany();
  const [formError, setFormError] = useState<string | null>(null);
  const [logo, setLogo] = useState<CompanyImage[]>(company?.logo ? [company.logo] : []);
  const [photos, setPhotos] = useState<CompanyImage[]>(company?.photos ?? []);
  const form = useZodForm(companyInputSchema as unknown as z.ZodType<unknown, FormValues>, {
    name: company?.name ?? '',
    category: company?.category ?? '',
    website: company?.website ?? '',
    description: company?.description ?? '',
    place: company?.place ?? null,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const input = {
      ...values,
      logoId: logo[0]?.id ?? null,
      photoIds: photos.map((p) => p.id),
    } as CompanyInput;
    try {
      await save.mutateAsync({ input, adding: !company });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'COMPANY_ADDITION_ERROR') {
        for (const f of error.fields)
          if ((FIELDS as readonly string[]).includes(f.path))
            form.setError(f.path as (typeof FIELDS)[number], { message: f.key });
        const reason = String(error.details?.reason ?? 'invalid_fields');
        setFormError(`${translateError(t, error)}: ${t(`reasons.${reason}`)}`);
      } else setFormError(serverErrorText(t, error, form.setError, FIELDS));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} data-testid="company-form">
      <Typography variant="h5" component="h2">
        {t(company ? 'form.editTitle' : 'form.addTitle')}
      </Typography>
      {formError && (
        <Alert severity="error" data-testid="company-form-error">
          {formError}
        </Alert>
      )}
      <FormTextField
        control={form.control}
        name="name"
        label={t('form.name')}
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'company-name-input' } }}
      />
      <Controller
        name="category"
        control={form.control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            fullWidth
            label={t('form.category')}
            error={Boolean(fieldState.error)}
            helperText={fieldText(t, fieldState.error)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'company-category' } as object } }}
          >
            {COMPANY_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category} data-testid={`category-${category}`}>
                {t(`categories.${category}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormTextField
        control={form.control}
        name="website"
        label={t('form.website')}
        hint={t('form.websiteHint')}
        type="url"
        inputMode="url"
        slotProps={{ htmlInput: { 'data-testid': 'company-website-input' } }}
      />
      <FormTextField
        control={form.control}
        name="description"
        label={t('form.description')}
        multiline
        minRows={3}
        hint={t('form.descriptionHint', { n: COMPANY_DESCRIPTION_MAX })}
        slotProps={{ htmlInput: { 'data-testid': 'company-description-input' } }}
      />
      <ImagePickerRow
        logo={logo}
        photos={photos}
        onLogo={setLogo}
        onPhotos={setPhotos}
        labels={{ logo: t('form.logo'), photos: t('form.photos', { n: COMPANY_PHOTOS_MAX }) }}
      />
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="p">
          {t('form.place')}
        </Typography>
        <Controller
          name="place"
          control={form.control}
          render={({ field }) => (
            <PlacePicker
              styleUrl={styleUrl}
              value={field.value ?? null}
              onChange={field.onChange}
              labels={{
                hint: t('form.placeHint'),
                latitude: t('form.latitude'),
                longitude: t('form.longitude'),
                clear: t('form.placeClear'),
                failed: t('form.placeFailed'),
              }}
            />
          )}
        />
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} data-testid="company-submit">
          {t(company ? 'form.save' : 'form.add')}
        </Button>
      </Stack>
    </Stack>
  );
}

function ImagePickerRow(props: {
  logo: CompanyImage[];
  photos: CompanyImage[];
  onLogo: (images: CompanyImage[]) => void;
  onPhotos: (images: CompanyImage[]) => void;
  labels: { logo: string; photos: string };
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
      <ImagePicker label={props.labels.logo} images={props.logo} max={1} onChange={props.onLogo} testId="logo" />
      <ImagePicker
        label={props.labels.photos}
        images={props.photos}
        max={COMPANY_PHOTOS_MAX}
        onChange={props.onPhotos}
        testId="photos"
      />
    </Stack>
  );
}
