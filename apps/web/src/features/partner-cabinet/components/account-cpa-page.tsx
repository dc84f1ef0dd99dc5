import { usePartner } from '../api/get-partner';
import { InviteCard } from './invite-card';
import { PartnerCabinet } from './partner-cabinet';
import { PartnerLinksPage } from './partner-links-page';

/**
 * /account/cpa: an approved partner's cabinet (links, statistics, rewards, postbacks); anyone else
 * keeps their links and is invited to apply (or sees where the application stands).
 */
export function AccountCpaPage() {
  const partner = usePartner();
  if (partner.data?.status === 'approved') return <PartnerCabinet partner={partner.data} />;
  return (
    <>
      {partner.data && <InviteCard partner={partner.data} />}
      <PartnerLinksPage />
    </>
  );
}
