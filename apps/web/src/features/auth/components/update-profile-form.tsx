import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import CircularProgress from '@mui/material/CircularProgress';
import { useMe } from '../../session/api/get-me';
import { ProfileForm } from './profile-form';

/** SPEC.md section 4: completing the profile leads to the index. */
export function UpdateProfileForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { data: me } = useMe();
  if (!me) return <CircularProgress aria-label={t('loading')} />;
  return (
    <ProfileForm me={me} submitLabel={t('updateProfile.submit')} onSaved={() => navigate('/', { replace: true })} />
  );
}
