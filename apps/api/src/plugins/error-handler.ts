import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { FieldError } from '@app/shared/errors';
import { englishText } from '@app/shared/locales/english-text';
import { AppError } from '../lib/app-error';

/** Fastify's own error codes that are the client's fault, mapped onto the catalogue. */
const FASTIFY_CODES: Record<string, AppError['code']> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
};

function toFieldErrors(error: FastifyError): FieldError[] {
  const context = error.validationContext;
  return (error.validation ?? []).map((v) => {
    const segments = v.instancePath.split('/').filter(Boolean);
    const key = v.message ?? 'msg.invalid-value';
    return {
      path: segments.length ? segments.join('.') : (context ?? ''),
      key,
      message: englishText(key),
    };
  });
}

/** Turns anything thrown into `{ statusCode, code, message }`; unknown errors never leak. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    return new AppError('VALIDATION_ERROR', { fields: toFieldErrors(fastifyError) });
  }
  if (fastifyError?.code && FASTIFY_CODES[fastifyError.code]) return new AppError(FASTIFY_CODES[fastifyError.code]!);
  if (fastifyError?.validation) return new AppError('VALIDATION_ERROR', { fields: toFieldErrors(fastifyError) });
  // A JSON syntax error raised by the body parser carries status 400 and no code of ours.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) return new AppError('BAD_REQUEST');
  return null;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const known = toAppError(error);
    if (known) {
      if (known.statusCode >= 500) request.log.error({ err: error }, known.message);
      if (known.extra.retryAfter !== undefined) reply.header('retry-after', String(known.extra.retryAfter));
      return reply.status(known.statusCode).send(known.toBody());
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    const internal = new AppError('INTERNAL_ERROR');
    return reply.status(500).send(internal.toBody());
  });
}
