import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Promotion, PromotionDays } from '@app/shared/schemas/business';
import { api } from '../../../lib/api-client';
import type { IdempotencyKey } from '../../../lib/idempotency-key';

/** Pays for a promoted pin from the wallet; a retry of the same choice reuses its key (paid once). */
export function useBuyPromotion(key: IdempotencyKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: PromotionDays) =>
      key.send({ days }, (idempotencyKey) =>
        api<Promotion>('/business/promotion', {
          method: 'POST',
          body: { days },
          headers: { 'idempotency-key': idempotencyKey },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['business'] }),
  });
}
