import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstallDialogOpen } from '../lib/install-dialog-store';
import { useInstallOffer } from '../lib/install-offer';

type View = typeof import('./install-dialog-view').InstallDialogView;

/**
 * The one install dialog: the header's Download App opens it (openInstallDialog), and it may open
 * by itself once `mayOpenByItself` (see useInstallOffer). Its code loads the first time it opens.
 */
export function InstallAppDialog({ mayOpenByItself }: { mayOpenByItself: boolean }) {
  const { i18n } = useTranslation();
  const open = useInstallDialogOpen();
  const [View, setView] = useState<View | null>(null);
  useInstallOffer(mayOpenByItself);

  useEffect(() => {
    if (!open || View) return;
    // Code and texts together: a missing namespace would suspend the whole page for a moment.
    void Promise.all([import('./install-dialog-view'), i18n.loadNamespaces('install')]).then(([module]) =>
      setView(() => module.InstallDialogView),
    );
  }, [open, View, i18n]);

  return View ? (
    <Suspense fallback={null}>
      <View open={open} />
    </Suspense>
  ) : null;
}
