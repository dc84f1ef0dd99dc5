import { useEffect } from 'react';
import { INSTALL_OFFER_DELAY_MS, INSTALL_OFFER_MIN_VISITS } from '@app/shared/constants';
import { STORAGE_KEYS, sessionStore, storage } from '../../../lib/storage';
import { openInstallDialog } from './install-dialog-store';
import { useInstallState } from './install-prompt';
import { isMobileDevice, isStandalone } from './platform';

interface OfferRecord {
  /** Visits (browser sessions) so far. */
  visits: number;
  /** When the dialog opened by itself: it never does again. */
  offeredAt?: string;
}

const readRecord = (): OfferRecord => storage.getJson<OfferRecord>(STORAGE_KEYS.installAppOffer) ?? { visits: 0 };
const writeRecord = (record: OfferRecord) => storage.set(STORAGE_KEYS.installAppOffer, JSON.stringify(record));

export const isInstallOfferHidden = () => storage.get(STORAGE_KEYS.installAppDialogHidden) === 'true';

/** The dialog's "Don't show again": it no longer opens by itself (the header still opens it). */
export const hideInstallOffer = () => storage.set(STORAGE_KEYS.installAppDialogHidden, 'true');

/** Counts this browser session as one visit, however many pages it opens. */
function countVisit() {
  if (sessionStore.get(STORAGE_KEYS.installAppOffer)) return;
  sessionStore.set(STORAGE_KEYS.installAppOffer, 'counted');
  const record = readRecord();
  writeRecord({ ...record, visits: record.visits + 1 });
}

function isOfferDue() {
  const record = readRecord();
  return (
    !isInstallOfferHidden() &&
    !record.offeredAt &&
    record.visits >= INSTALL_OFFER_MIN_VISITS &&
    isMobileDevice() &&
    !isStandalone()
  );
}

/** Someone typing, or another dialog, menu or drawer open: not the moment to interrupt. */
function isVisitorBusy() {
  const active = document.activeElement;
  const typing =
    active instanceof HTMLElement && (active.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName));
  return typing || document.querySelector('.MuiModal-root:not(.MuiModal-hidden)') !== null;
}

/**
 * Opens the install dialog by itself, gently: only on a phone or tablet, from the second visit
 * on, once ever, never before `allowed` (the cookie banner is answered) and never over other work.
 * A busy moment skips this visit without using up the one offer.
 */
export function useInstallOffer(allowed: boolean) {
  const { installed } = useInstallState();
  useEffect(countVisit, []);
  useEffect(() => {
    if (!allowed || installed || !isOfferDue()) return;
    const timer = setTimeout(() => {
      if (!isOfferDue() || isVisitorBusy()) return;
      writeRecord({ ...readRecord(), offeredAt: new Date().toISOString() });
      openInstallDialog();
    }, INSTALL_OFFER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [allowed, installed]);
}
