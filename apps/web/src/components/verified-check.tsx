import { useTranslation } from 'react-i18next';
import Tooltip from '@mui/material/Tooltip';
import VerifiedIcon from '@mui/icons-material/Verified';

/** The checkmark's blue: one tone wherever a name shows, readable on the dark and the light theme. */
export const VERIFIED_BLUE = '#4a9dff';

/**
 * The blue checkmark of a person whose identity a moderator approved (KYC). Renders nothing for
 * anyone else, so a caller passes the API's `verified` flag and never branches itself.
 */
export function VerifiedCheck({
  verified,
  size = 20,
  testId = 'verified-check',
}: {
  verified: boolean | null | undefined;
  /** Font size in pixels: about the cap height of the name beside it. */
  size?: number;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  if (!verified) return null;
  const label = t('verified');
  return (
    <Tooltip title={label}>
      <VerifiedIcon
        titleAccess={label}
        data-testid={testId}
        sx={{ color: VERIFIED_BLUE, fontSize: size, flexShrink: 0, verticalAlign: 'middle' }}
      />
    </Tooltip>
  );
}
