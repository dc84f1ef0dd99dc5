import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { countrySchema, nameSchema, phoneSchema, NAME_MAX_LENGTH } from '@app/shared/schemas/auth';
import type { Me } from '@app/shared/schemas/user';
import {
  birthdaySchema,
  genderSchema,
  isoToBirthday,
  maxLengthMessage,
  nicknameSchema,
} from '@app/shared/validation/rules';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { publicConfig } from '../../../lib/public-config';
import { useUpdateProfile } from '../api/update-profile';
import { fieldText, serverErrorText, useZodForm } from '../../../components/form/form';
import { BirthdayField } from './birthday-field';
import { FormAlert } from './form-alert';
import { FormTextField } from '../../../components/form/form-fields';
import { GenderField } from './gender-field';
import { NicknameField } from './nickname-field';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** What SPEC.md's completeness rule needs, plus the optional personal data. */
function profileFormSchema(minAge: number) {
  return z.object({
    firstName: nameSchema,
    lastName: nameSchema,
    surName: optional(
      z
        .string()
        .trim()
        .max(NAME_MAX_LENGTH, { error: maxLengthMessage(NAME_MAX_LENGTH) }),
    ),
    domain: nicknameSchema,
    birthday: birthdaySchema({ minAge }),
    gender: genderSchema,
    phone: optional(phoneSchema),
    country: optional(countrySchema),
  });
}
type ProfileFormValues = z.input<ReturnType<typeof profileFormSchema>>;

const FIELDS = ['firstName', 'lastName', 'surName', 'domain', 'birthday', 'gender', 'phone', 'country'] as const;

/**
 * The profile form of update-profile and of My profile. `extended` adds the optional fields
 * (middle name, phone, country).
 */
export function ProfileForm({
  me,
  extended,
  submitLabel,
  onSaved,
}: {
  me: Me;
  extended?: boolean;
  submitLabel: string;
  onSaved?: () => void;
}) {
  const { t } = useTranslation('auth');
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const schema = useMemo(() => profileFormSchema(publicConfig().minAge), []);
  const form = useZodForm(schema, {
    firstName: me.profile.firstName ?? '',
    lastName: me.profile.lastName ?? '',
    surName: me.surName ?? '',
    domain: me.profile.domain ?? '',
    birthday: me.profile.bdate ? isoToBirthday(me.profile.bdate) : '',
    gender: (me.profile.gender ?? undefined) as ProfileFormValues['gender'],
    phone: me.phone ?? '',
    country: me.country ?? '',
  } as ProfileFormValues);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    const trimmed = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    try {
      await update.mutateAsync({
        firstName: trimmed(values.firstName),
        lastName: trimmed(values.lastName),
        domain: trimmed(values.domain),
        birthday: trimmed(values.birthday),
        gender: values.gender as 0 | 1,
        ...(extended && {
          surName: (values.surName as string | undefined)?.trim() ?? '',
          phone: trimmed(values.phone),
          country: trimmed(values.country),
        }),
      });
      setSaved(true);
      onSaved?.();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'DOMAIN_TAKEN')
        form.setError('domain', { message: translateError(t, error) });
      else setFormError(serverErrorText(t, error, form.setError, FIELDS));
    }
  });

  const text = (name: 'firstName' | 'lastName' | 'surName' | 'phone' | 'country', autoComplete: string) => (
    <FormTextField
      control={form.control}
      name={name}
      label={t(`fields.${name}`)}
      autoComplete={autoComplete}
      hint={name === 'country' ? t('fields.countryHint') : undefined}
    />
  );

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-label={submitLabel}>
      <FormAlert text={formError} />
      {saved && !onSaved && <Alert severity="success">{t('profile.saved')}</Alert>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>{text('firstName', 'given-name')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('lastName', 'family-name')}</Grid>
        {extended && <Grid size={{ xs: 12, sm: 6 }}>{text('surName', 'additional-name')}</Grid>}
        <Grid size={{ xs: 12, sm: extended ? 6 : 12 }}>
          <Controller
            name="domain"
            control={form.control}
            render={({ field, fieldState }) => (
              <NicknameField
                {...field}
                value={(field.value as string) ?? ''}
                label={t('fields.domain')}
                hasError={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ? fieldText(t, fieldState.error) : undefined}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="birthday"
            control={form.control}
            render={({ field, fieldState }) => (
              <BirthdayField
                name={field.name}
                ref={field.ref}
                value={(field.value as string) ?? ''}
                onBlur={field.onBlur}
                onChange={field.onChange}
                label={t('fields.birthday')}
                error={Boolean(fieldState.error)}
                helperText={fieldText(t, fieldState.error) ?? t('fields.birthdayHint')}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="gender"
            control={form.control}
            render={({ field, fieldState }) => (
              <GenderField
                value={field.value as number | undefined}
                onChange={field.onChange}
                error={fieldText(t, fieldState.error)}
              />
            )}
          />
        </Grid>
        {extended && <Grid size={{ xs: 12, sm: 6 }}>{text('phone', 'tel')}</Grid>}
        {extended && <Grid size={{ xs: 12, sm: 6 }}>{text('country', 'country')}</Grid>}
      </Grid>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={form.formState.isSubmitting}
        sx={{ alignSelf: 'flex-start' }}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
