/**
 * The one error catalogue. Every failure of the API answers
 * `{ statusCode, code, message }` with a code from this table; the web app maps the code back to
 * translated text (locale key `errors.<CODE>`). Codes of SPEC.md section 8 come first.
 */
export const ERROR_CATALOGUE = {
  // SPEC.md section 8
  UNAUTHORIZED: { status: 401, message: 'Invalid login or password' },
  CONDITIONS_NOT_MET: { status: 400, message: 'User with this email does not exist' },
  USER_NOT_FOUND: { status: 404, message: 'User with this email does not exist' },
  INVALID_CODE: { status: 400, message: 'Invalid code' },
  // Ours
  AUTH_REQUIRED: { status: 401, message: 'Please log in' },
  TOKEN_INVALID: { status: 401, message: 'Your session has expired, please log in again' },
  SESSION_ENDED: { status: 401, message: 'This session was ended, please log in again' },
  TOO_MANY_SOCKETS: { status: 429, message: 'Too many open connections: close a tab or another device' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  VALIDATION_ERROR: { status: 400, message: 'Some fields are not valid' },
  BAD_REQUEST: { status: 400, message: 'The request could not be understood' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not supported' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please try again later' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable' },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong on our side' },
  // Named by SPEC.md sections 5 and 8 for the money flows
  INSUFFICIENT_FUNDS: { status: 400, message: 'Insufficient funds' },
  KYC_REQUIRED: { status: 403, message: 'KYC is required for buying NFT' },
  TRANSACTION_FAILED: { status: 400, message: 'Transaction failed' },
  TRANSACTION_CANCELED: { status: 400, message: 'Transaction canceled' },
  UNKNOWN_ERROR: { status: 500, message: 'Unknown error' },
  COMPANY_ADDITION_ERROR: { status: 400, message: 'Company addition error' },
  // Accounts
  EMAIL_TAKEN: { status: 409, message: 'An account with this e-mail already exists' },
  DOMAIN_TAKEN: { status: 409, message: 'This nickname is already taken' },
  INVALID_PROMOCODE: { status: 400, message: 'Invalid promocode' },
  REFERRAL_ALREADY_SET: { status: 409, message: 'A referrer is already saved for this account' },
  // An admin's change of a referrer (PUT /referral/referrer/{userId})
  REFERRER_SELF: { status: 400, message: 'A person cannot be their own referrer' },
  REFERRER_UNKNOWN: { status: 404, message: 'There is no account with this UID to be the referrer' },
  REFERRER_CYCLE: {
    status: 409,
    message:
      'The chosen referrer was brought by this person (directly or further down): the tree would close in a circle',
  },
  CODE_EXPIRED: { status: 400, message: 'The code has expired, request a new one' },
  CODE_ATTEMPTS_EXCEEDED: { status: 400, message: 'Too many wrong codes, request a new one' },
  CODE_RESEND_WAIT: { status: 429, message: 'Please wait before requesting a new code' },
  LOGIN_WAIT: { status: 429, message: 'Too many wrong passwords. Please wait a moment before trying again' },
  EMAIL_ALREADY_VERIFIED: { status: 409, message: 'Your e-mail is already confirmed' },
  PRIVATE_RELAY_EMAIL: {
    status: 400,
    message: 'This is a private relay address, so codes cannot reach it. Please contact support.',
  },
  PROVIDER_SIGN_IN_FAILED: { status: 400, message: 'Sign-in with the provider failed, please try again' },
  PROVIDER_NOT_CONFIGURED: { status: 503, message: 'Sign-in with this provider is not available' },
  // Wallet and market
  INSUFFICIENT_FEE: { status: 409, message: 'Not enough BNB to pay the network fee' },
  LEVEL_ALREADY_OWNED: { status: 409, message: 'You already hold a token of this level' },
  ALREADY_QUEUED: { status: 409, message: 'You are already in the queue for this level' },
  NFT_NOT_FOR_SALE: { status: 404, message: 'This token is not for sale' },
  PURCHASE_NOT_CANCELABLE: { status: 409, message: 'This purchase can no longer be cancelled' },
  IDEMPOTENCY_KEY_REQUIRED: { status: 400, message: 'An Idempotency-Key header is required' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'This Idempotency-Key was already used for a different request' },
  WITHDRAW_TO_OWN_ADDRESS: { status: 400, message: 'You cannot withdraw to your own deposit address' },
  WITHDRAW_CURRENCY_UNSUPPORTED: { status: 400, message: 'Only USDT can be withdrawn' },
  CHAIN_UNAVAILABLE: { status: 503, message: 'The blockchain is not reachable right now, please try again' },
  // Step-up (a fresh proof before money or account changes) and two-factor authentication
  STEP_UP_REQUIRED: {
    status: 403,
    message: 'Confirm it is you: enter your password or a code from your e-mail',
  },
  STEP_UP_INVALID: { status: 400, message: 'The password or code is not right' },
  STEP_UP_TOTP_REQUIRED: {
    status: 403,
    message: 'Two-factor authentication is on: enter the code from your authenticator app or a recovery code',
  },
  TOTP_CODE_INVALID: { status: 400, message: 'This code is not right. Check the time on your phone and try again' },
  TOTP_ALREADY_ENABLED: { status: 409, message: 'Two-factor authentication is already on' },
  TOTP_NOT_ENABLED: { status: 409, message: 'Two-factor authentication is off' },
  TOTP_SETUP_REQUIRED: { status: 409, message: 'Start the set-up of two-factor authentication again' },
  // Staff (decision 029)
  STAFF_HOST_ONLY: { status: 403, message: 'The admin area opens only at its own address' },
  STAFF_TOTP_ENROL_REQUIRED: {
    status: 403,
    message: 'Staff must use two-factor authentication: turn on an authenticator app first',
  },
  STAFF_SECOND_FACTOR_REQUIRED: {
    status: 403,
    message: 'Enter the code from your authenticator app to open the admin area',
  },
  STAFF_SECOND_FACTOR_STALE: {
    status: 403,
    message: 'This action needs a fresh code from your authenticator app',
  },
  WITHDRAW_ADDRESS_LINK_INVALID: { status: 400, message: 'This confirmation link is not valid' },
  // Uploads
  FILE_REQUIRED: { status: 400, message: 'Select or upload file' },
  FILE_TOO_LARGE: { status: 413, message: 'The file is too large' },
  UNSUPPORTED_FILE: { status: 415, message: 'Only images can be uploaded (JPEG, PNG, WebP, GIF, HEIC or AVIF)' },
  // Chat and reports
  USER_BLOCKED: { status: 403, message: 'Messaging is not possible: one of you has blocked the other' },
  SELF_ACTION_NOT_ALLOWED: { status: 400, message: 'You cannot do this with your own account' },
  MESSAGE_ID_REUSED: { status: 409, message: 'This message id was already used for a different message' },
  // Meet and play
  PROFILE_INCOMPLETE: { status: 403, message: 'Complete your profile first' },
  ADULTS_ONLY: { status: 403, message: 'Meet and play is for adults only' },
  MEETING_CODE_INVALID: {
    status: 400,
    message: 'This code is not valid or has expired. Scan the code on the other screen again',
  },
  MINT_NOT_ALLOWED: { status: 409, message: 'Minting is not possible yet: not every condition is met' },
  MINT_RESTRICTED: { status: 403, message: 'Minting is restricted on this account for now' },
  PAIR_ALREADY_MINTED: { status: 409, message: 'You two have already minted together' },
  MINT_IN_PROGRESS: { status: 409, message: 'A mint for you two is already in progress' },
  // Identity verification (KYC)
  KYC_ALREADY_APPROVED: { status: 409, message: 'Your identity is already verified' },
  KYC_UNDER_REVIEW: { status: 409, message: 'Your application is with a moderator and cannot be changed now' },
  KYC_REJECTED_FOREVER: {
    status: 403,
    message: 'Verification is no longer possible for this account. Please contact support',
  },
  KYC_DOCUMENT_REQUIRED: { status: 400, message: 'document required' },
  KYC_SELFIE_REQUIRED: { status: 400, message: 'A selfie holding the document and the code is required' },
  KYC_IMAGE_TOO_SMALL: {
    status: 400,
    message: 'The photo is too small to read. Take it closer, with the whole document in the frame',
  },
  KYC_VERSION_CONFLICT: {
    status: 409,
    message: 'Someone else has just changed this application. Reload it to see the latest decision',
  },
  KYC_LEVEL_TOO_HIGH: { status: 403, message: 'This application is above your moderator level' },
  KYC_TRANSITION_NOT_ALLOWED: {
    status: 409,
    message: "This decision is not possible for the application's current status",
  },
  KYC_REASON_REQUIRED: { status: 400, message: 'Choose a reason for the rejection' },
  KYC_MAX_TYPE_REQUIRED: { status: 400, message: 'Choose the highest level this person may buy or mint' },
  KYC_CONFIRMATION_PENDING: {
    status: 409,
    message: 'A decision on this application is waiting for a second staff member',
  },
  KYC_SECOND_STAFF_REQUIRED: { status: 403, message: 'Another staff member must confirm this decision' },
  KYC_NOTHING_TO_CONFIRM: { status: 409, message: 'No decision on this application is waiting for confirmation' },
  // Partner programme (CPA)
  CPA_ALREADY_APPLIED: { status: 409, message: 'Your partner application is already sent' },
  CPA_NOT_PARTNER: { status: 403, message: 'This is for approved partners only' },
  CPA_NOTHING_TO_PAY: { status: 409, message: 'There are no approved rewards to pay out yet' },
  CPA_NO_CALLBACK: { status: 409, message: 'This link has no callback URL' },
  CPA_POSTBACK_DELIVERED: { status: 409, message: 'This postback was already delivered' },
  KYC_CLAIMED: { status: 409, message: 'Another moderator is looking at this application' },
  REPORT_CLOSED: { status: 409, message: 'This report is already decided' },
  ACCOUNT_ALREADY_BLOCKED: { status: 409, message: 'This account is already blocked' },
  ACCOUNT_NOT_BLOCKED: { status: 409, message: 'This account is not blocked' },
  ADMIN_NOT_BLOCKABLE: { status: 403, message: 'An admin cannot be blocked: change their role first' },
  // My business
  COMPANY_NOT_FOUND: { status: 404, message: 'You have no company yet' },
  COMPANY_PLACE_REQUIRED: { status: 409, message: 'Put your company on the map before promoting it' },
  COMPANY_NAME_TAKEN: { status: 409, message: 'A company with this name already exists' },
  // Why a transaction, a purchase or a mint attempt failed: stored in its `error` field, shown
  // translated by the web app (TRANSACTION_FAILED above is the generic one). Never an HTTP answer.
  TRANSACTION_REVERTED: { status: 400, message: 'The transaction was reverted on chain' },
  TRANSFER_NOT_SENT: { status: 400, message: 'The transfer could not be sent' },
  MINT_NOT_SENT: { status: 400, message: 'The mint transaction could not be sent' },
  MINT_DROPPED: { status: 400, message: 'The network dropped the mint transaction' },
  MINT_NO_TOKEN: { status: 400, message: 'The mint created no token' },
  CHAIN_RESTARTED: { status: 400, message: 'The development chain restarted' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** One failing field of a VALIDATION_ERROR: `key` is a message key (see validation/messages). */
export interface FieldError {
  path: string;
  key: string;
  message: string;
}

/** The JSON body of every failed API call. */
export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  fields?: FieldError[];
  /** Seconds until a rate-limited or waiting request may be retried. */
  retryAfter?: number;
  details?: Record<string, unknown>;
}
