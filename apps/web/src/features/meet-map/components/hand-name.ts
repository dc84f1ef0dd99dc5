import type { TFunction } from 'i18next';
import type { HandCard } from '@app/shared/schemas/meet';

/** "Maria, 31", or the nickname when there is no first name. */
export function handTitle(t: TFunction, hand: Pick<HandCard, 'firstName' | 'domain' | 'age'>): string {
  const name = hand.firstName ?? (hand.domain ? `@${hand.domain}` : t('card.someone'));
  return hand.age ? t('card.nameAge', { name, age: hand.age }) : name;
}
