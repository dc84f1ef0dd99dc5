import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Report } from '@app/shared/schemas/chat';
import { useFormat } from '../../../lib/use-format';

/**
 * The reported message among its neighbours, as the conversation reads: the reported person's
 * messages on the left, the reporter's on the right, the reported one outlined in red.
 */
export function MessageContext({ report }: { report: Report }) {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  if (!report.context.length) return null;
  return (
    <Stack
      spacing={0.75}
      component="ol"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={t('reports.context')}
      data-testid="report-context"
    >
      {report.context.map((message) => {
        const theirs = message.senderId === report.user.id;
        const reported = message.id === report.message?.id;
        return (
          <Box
            component="li"
            key={message.id}
            data-testid={reported ? 'report-context-reported' : 'report-context-message'}
            sx={{
              alignSelf: theirs ? 'flex-start' : 'flex-end',
              maxWidth: '85%',
              px: 1.5,
              py: 0.75,
              borderRadius: 2,
              bgcolor: theirs ? 'action.hover' : 'action.selected',
              border: 2,
              borderColor: reported ? 'error.main' : 'transparent',
            }}
          >
            <Typography variant="caption" color="textSecondary" component="div">
              {theirs ? t('reports.reportedSaid') : t('reports.reporterSaid')} · {format.dateTime(message.createdAt)}
              {reported && ` · ${t('reports.reportedMessage')}`}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.text}
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}
