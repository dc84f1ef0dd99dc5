import { useTranslation } from 'react-i18next';
import Container from '@mui/material/Container';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import { PageHeader } from '../../../components/page-header';
import { RichText } from '../../../components/rich-text';
import { useProductFacts } from '../../../components/use-product-facts';
import { MeetingSteps } from './meeting-steps';
import { MoodCards } from './mood-cards';
import { RewardsTable } from './rewards-table';
import { ChecklistSection } from './checklist-section';
import { MeetCta } from './meet-cta';

/** Meet & play is the overview (moods, steps, rewards, safety); the help page is the manual. */
export type MeetGuideFocus = 'meetAndPlay' | 'howToMeet';

export function MeetGuidePage({ focus }: { focus: MeetGuideFocus }) {
  const { t } = useTranslation('meet');
  const facts = useProductFacts();
  const list = (key: string) => t(key, { ...facts, returnObjects: true }) as unknown as string[];
  const overview = focus === 'meetAndPlay';

  return (
    <article data-testid="meet-guide" data-focus={focus}>
      <PageHeader
        eyebrow={overview ? t('meet.eyebrow') : t('meet.eyebrowHowTo')}
        title={t(`common:screens.${focus}.title`)}
        lead={overview ? t('meet.introMeetAndPlay') : t('meet.introHowToMeet')}
      />
      <Container maxWidth="lg">
        {overview && <MoodCards />}
        <MeetingSteps detailed={!overview} />
        {overview ? (
          <>
            <RewardsTable />
            <ChecklistSection
              id="safety"
              title={t('meet.safetyTitle')}
              items={list('meet.safety')}
              icon={<ShieldIcon />}
            />
          </>
        ) : (
          <>
            <ChecklistSection id="rules" title={t('meet.rulesTitle')} items={list('meet.rules')} icon={<CheckIcon />} />
            <ChecklistSection
              id="trouble"
              title={t('meet.troubleTitle')}
              items={list('meet.trouble')}
              icon={<HelpIcon />}
              footer={<RichText i18nKey="meet:meet.troubleFaq" />}
            />
          </>
        )}
        <MeetCta />
      </Container>
    </article>
  );
}
