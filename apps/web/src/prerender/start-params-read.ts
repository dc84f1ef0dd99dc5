import { readStartParams } from '../lib/start-params';

/**
 * The query values of SPEC.md section 2, read once by the small entry of a prerendered page: the
 * page shows before its bundle arrives, and a reader may follow a link before it does.
 */
export const startParams = readStartParams(window.location.search);
