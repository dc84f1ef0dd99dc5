import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { AuditFilters } from '../api/get-audit';

interface Draft {
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}

const EMPTY: Draft = { actor: '', action: '', targetType: '', targetId: '', from: '', to: '' };

/** A calendar day typed in the reader's time zone, as the moment it starts or ends. */
const dayEdge = (day: string, end: boolean) =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined;

/** Who, what, which target and when; applied a moment after typing stops. */
export function AuditFiltersBar({ onChange }: { onChange: (filters: AuditFilters) => void }) {
  const { t } = useTranslation('operations');
  const [draft, setDraft] = useState<Draft>(EMPTY);

  useEffect(() => {
    const timer = setTimeout(
      () =>
        onChange({
          actor: draft.actor.trim() || undefined,
          action: draft.action.trim() || undefined,
          targetType: draft.targetType.trim() || undefined,
          targetId: draft.targetId.trim() || undefined,
          from: dayEdge(draft.from, false),
          to: dayEdge(draft.to, true),
        }),
      350,
    );
    return () => clearTimeout(timer);
  }, [draft, onChange]);

  const field = (name: keyof Draft, type: 'text' | 'date' = 'text') => (
    <TextField
      size="small"
      type={type}
      label={t(`audit.filters.${name}`)}
      value={draft[name]}
      onChange={(event) => setDraft((d) => ({ ...d, [name]: event.target.value }))}
      slotProps={{
        htmlInput: { 'data-testid': `audit-filter-${name}`, maxLength: name === 'actor' ? 254 : 64 },
        ...(type === 'date' && { inputLabel: { shrink: true } }),
      }}
    />
  );

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: '1fr',
          sm: '1fr 1fr',
          md: 'repeat(3, 1fr)',
          lg: '2fr 2fr 1.2fr 1fr 1.2fr 1.2fr auto',
        },
        alignItems: 'center',
      }}
    >
      {field('actor')}
      {field('action')}
      {field('targetType')}
      {field('targetId')}
      {field('from', 'date')}
      {field('to', 'date')}
      <Button color="inherit" onClick={() => setDraft(EMPTY)} data-testid="audit-filter-clear">
        {t('audit.filters.clear')}
      </Button>
    </Box>
  );
}
