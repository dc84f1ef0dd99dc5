import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';

/** Copies a value to the clipboard and says so for a moment. */
export function CopyButton({
  value,
  label,
  size = 'small',
}: {
  value: string;
  label: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard (an insecure context or a refused permission): the value stays selectable.
    }
  };

  return (
    <Tooltip title={copied ? t('copied') : label}>
      <IconButton size={size} onClick={copy} aria-label={label} data-testid="copy-button" data-copied={copied}>
        {copied ? <CheckIcon fontSize="inherit" color="success" /> : <CopyIcon fontSize="inherit" />}
      </IconButton>
    </Tooltip>
  );
}
