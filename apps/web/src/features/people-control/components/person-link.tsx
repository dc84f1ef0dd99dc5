import Link from '@mui/material/Link';
import type { ReferralPerson } from '@app/shared/schemas/referral';
import { RouterLink } from '../../../components/router-link';
import { personName } from '../lib/person-name';

/** A person named as staff screens name them, opening their /control/people page (in grids and cards). */
export function PersonLink({ person, testId }: { person: ReferralPerson; testId?: string }) {
  return (
    <Link
      component={RouterLink}
      href={`/control/people/${person.id}`}
      underline="hover"
      data-testid={testId}
      data-person-id={person.id}
      // The lighter blue in the dark scheme: the main one misses 4.5:1 on a data grid's rows.
      sx={(theme) => theme.applyStyles('dark', { color: theme.palette.primary.light })}
    >
      {personName(person)}
    </Link>
  );
}
