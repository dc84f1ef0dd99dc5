import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { CpaPartnerState } from '@app/shared/schemas/cpa-programme';
import { PartnerLinksPage } from './partner-links-page';

// Each tab's code loads when the tab opens: the links screen stays as light as it was.
const StatsPanel = lazy(() => import('./stats-panel').then((m) => ({ default: m.StatsPanel })));
const RewardsPanel = lazy(() => import('./rewards-panel').then((m) => ({ default: m.RewardsPanel })));
const PostbacksPanel = lazy(() => import('./postbacks-panel').then((m) => ({ default: m.PostbacksPanel })));

export const CABINET_TABS = ['links', 'stats', 'rewards', 'postbacks'] as const;
export type CabinetTab = (typeof CABINET_TABS)[number];

/**
 * An approved partner's cabinet: links, statistics, rewards and postbacks, one tab each. The open
 * tab lives in the address (?tab=), so it survives a reload and can be shared.
 */
export function PartnerCabinet({ partner }: { partner: CpaPartnerState }) {
  const { t } = useTranslation('cpa');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: CabinetTab = CABINET_TABS.includes(requested as CabinetTab) ? (requested as CabinetTab) : 'links';

  const open = (next: CabinetTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'links') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  const panels: Record<CabinetTab, ReactNode> = {
    links: <PartnerLinksPage partner />,
    stats: <StatsPanel />,
    rewards: <RewardsPanel />,
    postbacks: <PostbacksPanel partner={partner} />,
  };

  return (
    <Box data-testid="partner-cabinet" data-tab={tab}>
      <Tabs
        value={tab}
        onChange={(_, next: CabinetTab) => open(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('cabinet.tabsLabel')}
        sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {CABINET_TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`cabinet.tabs.${name}`)}
            id={`cpa-tab-${name}`}
            aria-controls={`cpa-panel-${name}`}
            data-testid={`cpa-tab-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`cpa-panel-${tab}`} aria-labelledby={`cpa-tab-${tab}`}>
        <Suspense fallback={<LinearProgress sx={{ mt: 3 }} aria-label={t('loadingTab')} />}>{panels[tab]}</Suspense>
      </Box>
    </Box>
  );
}
