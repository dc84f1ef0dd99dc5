import { useParams } from 'react-router';
import { PeoplePage } from '../../features/people-control/components/people-page';
import { PersonPage } from '../../features/people-control/components/person-page';
import { ReferralFlagsPage } from '../../features/people-control/components/referral-flags-page';
import { useMe } from '../../features/session/api/get-me';
import { loadTexts } from '../../lib/i18n';

// The screen's texts come with its code; a person's page names wallet and KYC states in their words.
await loadTexts('moderation', 'wallet', 'kyc', 'msg', 'errors');

/** /control/people: search. */
export function ControlPeopleRoute() {
  return <PeoplePage />;
}

/** /control/people/{id}: one person. */
export function ControlPersonRoute() {
  const { id } = useParams();
  const { data: me } = useMe();
  return <PersonPage key={id} id={Number(id)} myId={me?.id} />;
}

/** /control/people/referral-flags: rewards withheld as self-referral. */
export function ControlReferralFlagsRoute() {
  return <ReferralFlagsPage />;
}
