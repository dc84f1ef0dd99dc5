import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { PersonRow } from '@app/shared/schemas/people-control';

const COLOR = { user: 'default', moderator: 'info', admin: 'secondary' } as const;

/** The role, with a moderator's level beside it. */
export function RoleChip({ role, level }: Pick<PersonRow, 'role' | 'level'>) {
  const { t } = useTranslation('moderation');
  const label = level ? `${t(`roles.${role}`)} · ${t(`common:levels.${level}`)}` : t(`roles.${role}`);
  return (
    <Chip
      size="small"
      color={COLOR[role]}
      variant={role === 'user' ? 'outlined' : 'filled'}
      label={label}
      data-testid="person-role"
    />
  );
}
