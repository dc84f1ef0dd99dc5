import { useTranslation } from 'react-i18next';
import { TERMS_SECTIONS } from '../lib/sections';
import { LegalDocument } from './legal-document';

export function TermsPage() {
  const { t } = useTranslation();
  return <LegalDocument doc="terms" title={t('screens.terms.title')} sections={TERMS_SECTIONS} />;
}
