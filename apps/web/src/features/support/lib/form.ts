import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { translateError, translateMessage } from '../../../lib/i18n';

/*
 * The small form helpers of features/auth/lib/form.ts, copied rather than imported: features do
 * not import each other. Keep the two in step; if a third form needs them, move them to lib/.
 */

/** react-hook-form with a shared zod schema, checked at submit and then as fields change. */
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

/** A server VALIDATION_ERROR lands on the form's own fields; anything else becomes the form's alert. */
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
