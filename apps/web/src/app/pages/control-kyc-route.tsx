import { KycModerationPage } from '../../features/kyc-moderation/components/kyc-moderation-page';
import { useMe } from '../../features/session/api/get-me';
import { loadTexts } from '../../lib/i18n';

// The screen's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('kyc', 'errors');

/** /control/kyc: KYC moderation; the signed-in staff member's id tells their own claims and proposals apart. */
export function ControlKycRoute() {
  const { data: me } = useMe();
  return <KycModerationPage myId={me?.id} />;
}
