import { useTranslation } from 'react-i18next';
import VerifiedIcon from '@mui/icons-material/Verified';

/** The checkmark's blue: one tone wherever a name shows, readable on the dark and the light theme. */
export const VERIFIED_BLUE = '#4a9dff';

/**
 * The blue checkmark of a person whose identity a moderator approved (KYC). Renders nothing for
 * anyone else, so a caller passes the API's `verified` flag and never branches itself. Its label is
 * the SVG's own title (the browser's tooltip, and the name screen readers read): the header shows
 * it on every public page, where MUI's Tooltip and its positioning engine cost the start page's
 * budget more than the rest of the check.
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
    <VerifiedIcon
      titleAccess={label}
      data-testid={testId}
      sx={{ color: VERIFIED_BLUE, fontSize: size, flexShrink: 0, verticalAlign: 'middle' }}
    />
  );
}
