import type { GridLocaleText } from '@mui/x-data-grid';
import { ruRU } from '@mui/x-data-grid/locales';

/** The grid's own Russian texts lack the pager's "1–25 of 80": given here. */
const russian: Partial<GridLocaleText> = {
  ...ruRU.components.MuiDataGrid.defaultProps.localeText,
  paginationDisplayedRows: ({ from, to, count }) => `${from}–${to} из ${count === -1 ? `более ${to}` : count}`,
};

/** A data grid's texts in the reader's language (the grid's English is its default). */
export function dataGridLocaleText(locale: string, own: Partial<GridLocaleText> = {}): Partial<GridLocaleText> {
  return { ...(locale === 'ru' ? russian : {}), ...own };
}
