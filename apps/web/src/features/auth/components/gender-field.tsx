import { useTranslation } from 'react-i18next';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { GENDER } from '@app/shared/validation/rules';

/** male = 0, female = 1, as SPEC.md stores them. */
export function GenderField({
  value,
  onChange,
  error,
}: {
  value: number | undefined;
  onChange: (value: 0 | 1) => void;
  error?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <FormControl error={Boolean(error)}>
      <FormLabel id="gender-label">{t('fields.gender')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby="gender-label"
        value={value ?? ''}
        onChange={(e) => onChange(Number(e.target.value) as 0 | 1)}
      >
        <FormControlLabel value={GENDER.male} control={<Radio />} label={t('fields.male')} />
        <FormControlLabel value={GENDER.female} control={<Radio />} label={t('fields.female')} />
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
