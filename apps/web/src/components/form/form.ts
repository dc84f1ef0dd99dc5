import { useState } from 'react';
import { useForm, type FieldValues, type Path, type Resolver, type UseFormSetError } from 'react-hook-form';
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

/**
 * useZodForm with its schema loaded when needed: zod and the shared rules are about 30 KB
 * (gzipped) that a form uses only when it is sent, so a first screen with a form need not wait for
 * them. They load when someone reaches for the form (spread `preload` on it) or at the latest on
 * the first submit, which waits for them; checking is then the same as useZodForm's.
 */
export function useLazyZodForm<T extends FieldValues>(load: () => Promise<z.ZodType<unknown, T>>, defaultValues: T) {
  const [lazy] = useState(() => lazyResolver(load));
  const form = useForm<T>({
    resolver: lazy.resolver,
    defaultValues: defaultValues as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  return { form, preload: lazy.preload };
}

function lazyResolver<T extends FieldValues>(load: () => Promise<z.ZodType<unknown, T>>) {
  let ready: Promise<Resolver<T>> | undefined;
  const get = () =>
    (ready ??= load().then(
      (schema) => zodResolver(schema as never, undefined, { raw: true }) as never,
      (error: unknown) => {
        // A failed download (offline for a moment) is tried again at the next submit.
        ready = undefined;
        throw error;
      },
    ));
  const resolver: Resolver<T> = async (values, context, options) => (await get())(values, context, options);
  const preload = () => void get().catch(() => {});
  return { resolver, preload: { onFocus: preload, onPointerEnter: preload, onTouchStart: preload } };
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
