import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { translateError, translateMessage } from '../../lib/i18n';

/**
 * react-hook-form with a shared zod schema. `raw` keeps what the user typed (the birthday stays
 * DD.MM.YYYY), because the server parses the same schema itself. Fields are checked at submit and
 * then as they change: validating on blur raced with the submit's own validation and could drop
 * errors of untouched fields when the submit button was clicked straight from a field.
 */
export function useZodForm<T extends FieldValues>(schema: z.ZodType<unknown, T>, defaultValues: T) {
  return useForm<T>({
    resolver: zodResolver(schema as never, undefined, { raw: true }) as never,
    defaultValues: defaultValues as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/** A field's message key, translated for its helper text. */
export function fieldText(t: TFunction, error: { message?: string } | undefined): string | undefined {
  return error?.message ? translateMessage(t, error.message) : undefined;
}

/**
 * Puts a server VALIDATION_ERROR on the form's own fields, so it reads like a local check;
 * anything else becomes the form's alert text, translated from the catalogue.
 */
export function serverErrorText<T extends FieldValues>(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null {
  if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
    const unplaced = error.fields.filter((f) => !fields.includes(f.path));
    for (const f of error.fields) if (fields.includes(f.path)) setError(f.path as Path<T>, { message: f.key });
    return unplaced.length ? unplaced.map((f) => translateMessage(t, f.key)).join(' ') : null;
  }
  if (error instanceof ApiError) return translateError(t, error);
  return translateError(t, { code: 'UNKNOWN_ERROR' });
}
