/**
 * The login form's rules, loaded when the form is reached for. A module of the form's own rather
 * than a dynamic import of the shared schemas: that made the shared module a chunk of its own on
 * every public page that names its files.
 */
export { loginRequestSchema } from '@app/shared/schemas/auth';
