import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWatch, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import {
  NEWS_MARKDOWN_MAX,
  NEWS_TITLE_MAX,
  newsFieldsSchema,
  type NewsAdminItem,
  type NewsStatus,
} from '@app/shared/schemas/news';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-fields';
import { RouterLink } from '../../../components/router-link';
import { StatusChip } from '../../../components/status-chip';
import { translateError } from '../../../lib/i18n';
import { useDeleteNews, useSaveNews, useSetNewsPublished } from '../api/news-mutations';
import { DeleteNewsDialog } from './delete-news-dialog';
import { NewsImageField } from './news-image-field';
import { NewsPreviewCard } from './news-preview-card';

const LANGUAGES = ['en', 'ru'] as const;
type Language = (typeof LANGUAGES)[number];

interface NewsForm {
  title: { en: string; ru: string };
  markdown: { en: string; ru: string };
  imageMediaId: number | null;
}

const FIELDS = ['title.en', 'title.ru', 'markdown.en', 'markdown.ru', 'imageMediaId'] as const;

const valuesOf = (item?: NewsAdminItem): NewsForm => ({
  title: { en: item?.title.en ?? '', ru: item?.title.ru ?? '' },
  markdown: { en: item?.markdown.en ?? '', ru: item?.markdown.ru ?? '' },
  imageMediaId: item?.imageMediaId ?? null,
});

const hasErrorsIn = (errors: FieldErrors<NewsForm>, language: Language) =>
  Boolean(errors.title?.[language] || errors.markdown?.[language]);

/**
 * Writes a news item in both languages (one tab each) with an optional image, previews it as the
 * home page shows it, saves it, publishes or unpublishes it, and deletes it after asking. Without
 * `item` it adds a draft; once saved, the address becomes the item's own.
 */
export function NewsEditor({ item }: { item?: NewsAdminItem }) {
  const { t } = useTranslation('news');
  const navigate = useNavigate();
  const form = useZodForm(newsFieldsSchema as unknown as z.ZodType<unknown, NewsForm>, valuesOf(item));
  const [language, setLanguage] = useState<Language>('en');
  const [imageUrl, setImageUrl] = useState<string | null>(item?.image ?? null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveNews();
  const setPublished = useSetNewsPublished();
  const remove = useDeleteNews();
  const [title, markdown] = useWatch({ control: form.control, name: [`title.${language}`, 'markdown'] });
  const errors = form.formState.errors;
  const status: NewsStatus = item?.status ?? 'DRAFT';
  const busy = form.formState.isSubmitting || setPublished.isPending || remove.isPending;

  /** Saves the form when it has changes (or is new); the saved item, or null when it was refused. */
  const saveIfNeeded = async (values: NewsForm): Promise<NewsAdminItem | null> => {
    setFormError(null);
    if (item && !form.formState.isDirty) return item;
    try {
      const saved = await save.mutateAsync({ ...values, id: item?.id });
      form.reset(valuesOf(saved));
      return saved;
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, FIELDS));
      return null;
    }
  };

  const leaveFor = (saved: NewsAdminItem) => {
    if (!item) void navigate(`/control/news/${saved.id}`, { replace: true });
  };

  // A refused field may sit on the other language's tab: show that tab.
  const onInvalid = (invalid: FieldErrors<NewsForm>) => {
    if (!hasErrorsIn(invalid, language)) setLanguage(language === 'en' ? 'ru' : 'en');
  };

  const onSave = form.handleSubmit(async (values) => {
    const saved = await saveIfNeeded(values);
    if (!saved) return onInvalid(form.formState.errors);
    setNotice(t('notice.saved'));
    leaveFor(saved);
  }, onInvalid);

  const onPublish = (publish: boolean) =>
    form.handleSubmit(async (values) => {
      const saved = await saveIfNeeded(values);
      if (!saved) return onInvalid(form.formState.errors);
      try {
        await setPublished.mutateAsync({ id: saved.id, published: publish });
        setNotice(t(publish ? 'notice.published' : 'notice.unpublished'));
      } catch (error) {
        setFormError(translateError(t, error as { code?: string }));
      }
      leaveFor(saved);
    }, onInvalid);

  const onDelete = async () => {
    if (!item) return;
    try {
      await remove.mutateAsync(item.id);
      void navigate('/control/news', { replace: true });
    } catch (error) {
      setConfirmDelete(false);
      setFormError(translateError(t, error as { code?: string }));
    }
  };

  return (
    <Stack spacing={3} sx={{ py: 3 }} data-testid="news-editor">
      <Box>
        <Link
          component={RouterLink}
          href="/control/news"
          underline="hover"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <ArrowBack fontSize="small" />
          {t('backToList')}
        </Link>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 32 } }}>
            {item ? t('editor.editTitle') : t('editor.newTitle')}
          </Typography>
          <StatusChip
            status={status}
            tones={{ DRAFT: 'warning', PUBLISHED: 'success' }}
            label={t(`status.${status}`)}
            testId="news-editor-status"
          />
        </Stack>
      </Box>

      {formError && (
        <Alert severity="error" onClose={() => setFormError(null)} data-testid="news-form-error">
          {formError}
        </Alert>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 380px' },
        }}
      >
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack component="form" noValidate spacing={3} onSubmit={onSave}>
              <Box>
                <Tabs
                  value={language}
                  onChange={(_event, value: Language) => setLanguage(value)}
                  aria-label={t('editor.languages')}
                  sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}
                >
                  {LANGUAGES.map((code) => (
                    <Tab
                      key={code}
                      value={code}
                      id={`news-tab-${code}`}
                      aria-controls={`news-panel-${code}`}
                      label={t(`editor.language.${code}`)}
                      icon={hasErrorsIn(errors, code) ? <ErrorOutlined color="error" fontSize="small" /> : undefined}
                      iconPosition="end"
                      sx={{ minHeight: 48 }}
                      data-testid={`news-tab-${code}`}
                    />
                  ))}
                </Tabs>
                {LANGUAGES.map((code) => (
                  // Both panels stay mounted, so both languages are checked on every save.
                  <Stack
                    key={code}
                    spacing={2.5}
                    role="tabpanel"
                    id={`news-panel-${code}`}
                    aria-labelledby={`news-tab-${code}`}
                    hidden={language !== code}
                    sx={{ display: language === code ? 'flex' : 'none' }}
                  >
                    <FormTextField
                      control={form.control}
                      name={`title.${code}`}
                      label={t('editor.titleField')}
                      slotProps={{
                        htmlInput: { maxLength: NEWS_TITLE_MAX, lang: code, 'data-testid': `news-title-${code}` },
                      }}
                    />
                    <FormTextField
                      control={form.control}
                      name={`markdown.${code}`}
                      label={t('editor.bodyField')}
                      hint={t('editor.bodyHint')}
                      multiline
                      minRows={8}
                      maxRows={20}
                      slotProps={{
                        htmlInput: { maxLength: NEWS_MARKDOWN_MAX, lang: code, 'data-testid': `news-body-${code}` },
                      }}
                    />
                  </Stack>
                ))}
              </Box>

              <NewsImageField
                url={imageUrl}
                onUploaded={(media) => {
                  form.setValue('imageMediaId', media.id, { shouldDirty: true });
                  setImageUrl(media.url);
                }}
                onRemove={() => {
                  form.setValue('imageMediaId', null, { shouldDirty: true });
                  setImageUrl(null);
                }}
              />

              <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5, alignItems: 'center' }}>
                <Button type="submit" variant="outlined" disabled={busy} data-testid="news-save">
                  {item ? t('editor.saveChanges') : t('editor.saveDraft')}
                </Button>
                {status === 'PUBLISHED' ? (
                  <Button variant="contained" color="warning" disabled={busy} onClick={onPublish(false)}>
                    {t('editor.unpublish')}
                  </Button>
                ) : (
                  <Button variant="contained" disabled={busy} onClick={onPublish(true)}>
                    {t('editor.publish')}
                  </Button>
                )}
                <Box sx={{ flexGrow: 1 }} />
                {item && (
                  <Button color="error" disabled={busy} onClick={() => setConfirmDelete(true)}>
                    {t('editor.delete')}
                  </Button>
                )}
              </Stack>
            </Stack>
          </CardContent>
        </Card>

        <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <NewsPreviewCard
            language={language}
            title={title ?? ''}
            markdown={markdown ?? { en: '', ru: '' }}
            image={imageUrl}
            publishedAt={item?.publishedAt ?? null}
          />
        </Box>
      </Box>

      <DeleteNewsDialog
        open={confirmDelete}
        title={item?.title[language] || item?.title.en || ''}
        deleting={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void onDelete()}
      />
      <Snackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)} data-testid="news-notice">
          {notice}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
