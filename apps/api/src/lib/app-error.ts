import { ERROR_CATALOGUE, type ErrorBody, type ErrorCode, type FieldError } from '@app/shared/errors';

/** The one error type services throw; the error handler turns it into the catalogue's JSON. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly extra: {
      message?: string;
      fields?: FieldError[];
      retryAfter?: number;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(extra.message ?? ERROR_CATALOGUE[code].message);
    this.name = 'AppError';
    this.statusCode = ERROR_CATALOGUE[code].status;
  }

  toBody(): ErrorBody {
    return {
      statusCode: this.statusCode,
      code: this.code,
      message: this.message,
      ...(this.extra.fields && { fields: this.extra.fields }),
      ...(this.extra.retryAfter !== undefined && { retryAfter: this.extra.retryAfter }),
      ...(this.extra.details && { details: this.extra.details }),
    };
  }
}
