import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { maskValue } from '@app/shared/format/number';
import { CopyButton } from '../../../components/copy-button';

/**
 * An address or hash masked to its first and last four characters (SPEC.md section 9), with the
 * whole value on hover, a copy button, and a link to the explorer when there is one.
 */
export function MaskedValue({ value, href, copyLabel }: { value: string; href?: string | null; copyLabel: string }) {
  const text = maskValue(value);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, minWidth: 0 }}>
      <Tooltip title={value}>
        {href ? (
          <Link
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
            data-testid="masked-link"
          >
            {text}
          </Link>
        ) : (
          <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }} data-testid="masked-value">
            {text}
          </Box>
        )}
      </Tooltip>
      <CopyButton value={value} label={copyLabel} />
    </Box>
  );
}
