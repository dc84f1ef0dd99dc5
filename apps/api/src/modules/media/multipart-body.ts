import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '@app/shared/errors';
import { englishText } from '@app/shared/locales/english-text';
import { MSG } from '@app/shared/validation/messages';
import { AppError } from '../../lib/app-error';

/** The multipart plugin's errors that the client caused, in the catalogue's words. */
const MULTIPART_ERRORS: Record<string, ErrorCode> = {
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_PARTS_LIMIT: 'BAD_REQUEST',
  FST_FIELDS_LIMIT: 'BAD_REQUEST',
  FST_PROTO_VIOLATION: 'BAD_REQUEST',
  FST_INVALID_JSON_FIELD_ERROR: 'BAD_REQUEST',
  FST_MP_PREMATURE_CLOSE: 'BAD_REQUEST',
};

function toUploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return new AppError('VALIDATION_ERROR', {
      fields: [{ path: 'files', key: MSG.invalidValue, message: englishText(MSG.invalidValue) }],
    });
  }
  // Anything else the parser throws is a malformed body (busboy's errors carry no code).
  return new AppError((code && MULTIPART_ERRORS[code]) || 'BAD_REQUEST');
}

/**
 * preValidation hook: reads a multipart form into a plain body (fields as strings, the file as a
 * Buffer), so the route's zod schema checks it exactly as it would a JSON body. The file is held
 * in memory; the plugin's `fileSize` limit stops it at UPLOAD_MAX_BYTES.
 */
export async function readMultipartBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        body[part.fieldname] = part.value;
        continue;
      }
      const data = await part.toBuffer();
      // A form with no file chosen still sends an empty file part.
      if (data.length > 0) body[part.fieldname] = data;
    }
  } catch (error) {
    throw toUploadError(error);
  }
  request.body = body;
}
