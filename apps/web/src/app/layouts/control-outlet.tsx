import { Outlet } from 'react-router';
import { StaffGate } from '../../features/staff-access/components/staff-gate';
import { TotpSection } from '../../features/security/components/totp-section';
import { loadTexts } from '../../lib/i18n';

await loadTexts('auth', 'errors');

/** /control's screens behind the staff second factor; enrolling uses the account's TOTP section. */
export function ControlOutlet() {
  return (
    <StaffGate enrol={<TotpSection />}>
      <Outlet />
    </StaffGate>
  );
}
