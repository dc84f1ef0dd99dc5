import { useTranslation } from 'react-i18next';
import { PRIVACY_SECTIONS } from '../lib/sections';
import { LegalDocument } from './legal-document';

export function PrivacyPage() {
  const { t } = useTranslation();
  return <LegalDocument doc="privacy" title={t('screens.privacy.title')} sections={PRIVACY_SECTIONS} />;
}
